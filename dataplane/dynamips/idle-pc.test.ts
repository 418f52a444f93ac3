import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "@shared/testing/cleanups";
import { HypervisorClient } from "./hypervisor-client";
import { chooseIdlePc, idlePcProposals } from "./idle-pc";
import { fakeHypervisor } from "./testing";

const { later } = cleanupAfterEach();

/**
 * A hypervisor whose router idles well only at `good` (no IOS can run here, so the CPU time
 * Dynamips would report is played): the process gains 3 s of CPU per trial anywhere else.
 */
async function routerIdlingAt(good: string): Promise<{ client: HypervisorClient; lines: string[] }> {
  const lines: string[] = [];
  let idlePc = "0x0";
  let cpu = 100;
  const fake = await fakeHypervisor((line, socket) => {
    lines.push(line);
    const [, command, , , value] = line.split(" ");
    if (command === "set_idle_pc_online") idlePc = value!.replaceAll('"', "");
    if (command === "get_idle_pc_prop") return void socket.write("101 0x60606f54 [37]\r\n101 0x6060a9e0 [21]\r\n101 junk\r\n101 0x6028b1c8 [12]\r\n100-OK\r\n");
    if (command === "cpu_usage") {
      cpu += idlePc === good ? 0 : 1.5;
      return void socket.write(`101 ${Math.floor(cpu)}\r\n100-OK\r\n`);
    }
    socket.write("100-OK\r\n");
  });
  later(() => fake.close());
  const client = await HypervisorClient.connect(fake.port);
  later(() => client.close());
  return { client, lines };
}

const noWait = async () => undefined;

describe("Idle-PC on a running router", () => {
  it("asks Dynamips for proposals with no Idle-PC set, as GNS3 does", async () => {
    const { client, lines } = await routerIdlingAt("0x6060a9e0");
    expect(await idlePcProposals(client, "i1")).toEqual(["0x60606f54 [37]", "0x6060a9e0 [21]", "junk", "0x6028b1c8 [12]"]);
    expect(lines).toEqual(['vm set_idle_pc_online "i1" 0 "0x0"', 'vm get_idle_pc_prop "i1" 0']);
  });

  it("keeps the first proposal under which the router idles below 70 % of a core", async () => {
    const { client, lines } = await routerIdlingAt("0x6060a9e0");
    const proposals = await idlePcProposals(client, "i1");
    expect(await chooseIdlePc(client, "i1", proposals, noWait)).toBe("0x6060a9e0");
    expect(lines.filter((line) => line.includes("set_idle_pc_online")).at(-1)).toBe('vm set_idle_pc_online "i1" 0 "0x6060a9e0"');
  });

  it("says none when no proposal helps, leaving the router without one", async () => {
    const { client, lines } = await routerIdlingAt("0xdeadbeef");
    expect(await chooseIdlePc(client, "i1", await idlePcProposals(client, "i1"), noWait)).toBe("");
    expect(lines.at(-1)).toBe('vm set_idle_pc_online "i1" 0 "0x0"');
  });
});
