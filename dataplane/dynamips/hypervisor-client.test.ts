import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "@shared/testing/cleanups";
import { HypervisorClient } from "./hypervisor-client";
import { HypervisorBroken, HypervisorRefusal } from "./hypervisor-replies";
import { fakeHypervisor as standIn } from "./testing";

const { later } = cleanupAfterEach();

async function fakeHypervisor(answer: (line: string, socket: Socket) => void): Promise<number> {
  const fake = await standIn(answer);
  later(() => fake.close());
  return fake.port;
}

async function clientOf(port: number, timeoutMs?: number): Promise<HypervisorClient> {
  const client = await HypervisorClient.connect(port, timeoutMs ? { timeoutMs } : {});
  later(() => client.close());
  return client;
}

describe("the hypervisor client on a real socket", () => {
  it("answers commands in order, split across packets, with values and refusals", async () => {
    const port = await fakeHypervisor((line, socket) => {
      if (line === "frsw list") for (const piece of ["101 F", "1\r\n101 F2\r", "\n100-OK\r\n"]) socket.write(piece);
      else if (line.startsWith("frsw create")) socket.write("206-unable to create frame-relay switch 'F1'\r\n");
      else socket.write("100-0.2.14-amd64\r\n");
    });
    const client = await clientOf(port);
    const [list, refused, version] = await Promise.allSettled([client.send("frsw", "list"), client.send("frsw", "create", "F1"), client.send("hypervisor", "version")]);
    expect(list).toEqual({ status: "fulfilled", value: ["F1", "F2"] });
    expect(refused.status === "rejected" && refused.reason).toBeInstanceOf(HypervisorRefusal);
    expect(version).toEqual({ status: "fulfilled", value: ["0.2.14-amd64"] });
    expect(client.usable).toBe(true);
  });

  it("gives up a connection that sends garbage, failing what waits on it", async () => {
    const port = await fakeHypervisor((_line, socket) => socket.write("\u0000\u0001 not a reply\r\n"));
    const client = await clientOf(port);
    const first = client.send("vm", "list");
    const second = client.send("vm", "list");
    await expect(first).rejects.toThrow(/no reply/);
    await expect(second).rejects.toBeInstanceOf(HypervisorBroken);
    await expect(client.send("vm", "list")).rejects.toBeInstanceOf(HypervisorBroken);
    expect(client.usable).toBe(false);
  });

  it("fails a command whose hypervisor resets the connection or stalls", async () => {
    const resetting = await fakeHypervisor((_line, socket) => socket.resetAndDestroy());
    await expect((await clientOf(resetting)).send("vm", "list")).rejects.toBeInstanceOf(HypervisorBroken);
    const stalling = await fakeHypervisor(() => {});
    await expect((await clientOf(stalling, 200)).send("vm", "list")).rejects.toThrow(/did not answer "vm list" within 200 ms/);
  });

  it("sends nothing a quote or line end could turn into another command", async () => {
    const lines: string[] = [];
    const port = await fakeHypervisor((line, socket) => (lines.push(line), socket.write("100-OK\r\n")));
    const client = await clientOf(port);
    await expect(client.send("vm", "set_ios", "R1", 'x"\nhypervisor stop')).rejects.toThrow(/cannot be sent to Dynamips/);
    await client.send("vm", "get_status", "R1");
    expect(lines).toEqual(['vm get_status "R1"']);
  });
});
