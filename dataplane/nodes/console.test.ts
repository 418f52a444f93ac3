import { describe, expect, it } from "vitest";
import { parsePing } from "./console";
import { TelnetDecoder } from "./telnet";

const IAC = 255;

describe("TelnetDecoder", () => {
  it("strips VPCS's option requests and accepts echo and suppress-go-ahead", () => {
    const decoder = new TelnetDecoder();
    const { data, reply } = decoder.push(Uint8Array.from([IAC, 253, 1, IAC, 251, 1, IAC, 253, 3, IAC, 251, 3, ...Buffer.from("VPCS> ")]));
    expect(Buffer.from(data).toString()).toBe("VPCS> ");
    expect([...reply]).toEqual([IAC, 252, 1, IAC, 253, 1, IAC, 251, 3, IAC, 253, 3]);
  });

  it("refuses other options, skips subnegotiation, unescapes IAC IAC and handles commands split across reads", () => {
    const decoder = new TelnetDecoder();
    const first = decoder.push(Uint8Array.from([0x61, IAC, 251]));
    const second = decoder.push(Uint8Array.from([24, IAC, 253, 31, IAC, 250, 24, 1, IAC, 240, 0x62, IAC, IAC, IAC, 252, 1, 0x63]));
    expect([...first.data, ...second.data]).toEqual([0x61, 0x62, IAC, 0x63]);
    expect([...first.reply, ...second.reply]).toEqual([IAC, 254, 24, IAC, 252, 31]);
  });
});

describe("parsePing", () => {
  it("reads replies in both VPCS formats and timeouts, and computes the loss", () => {
    const result = parsePing(
      [
        "10.0.0.2 icmp_seq=1 ttl=64 time=0.512 ms",
        "84 bytes from 10.0.0.2 icmp_seq=2 ttl=64 time=101.25 ms",
        "10.0.0.2 icmp_seq=3 timeout",
        "10.0.0.2 icmp_seq=4 timeout",
      ].join("\r\n"),
    );
    expect(result).toEqual({
      replies: [
        { host: "10.0.0.2", seq: 1, ttl: 64, timeMs: 0.512 },
        { host: "10.0.0.2", seq: 2, ttl: 64, timeMs: 101.25 },
        { host: "10.0.0.2", seq: 3, timeout: true },
        { host: "10.0.0.2", seq: 4, timeout: true },
      ],
      received: 2,
      lost: 2,
      lossPercent: 50,
    });
  });

  it("counts output without a single probe line as total loss", () => {
    expect(parsePing("host (10.0.0.9) not reachable")).toEqual({ replies: [], received: 0, lost: 0, lossPercent: 100 });
  });
});
