/** Frame Relay frames and ATM cells as Dynamips switches them, and router specs, for tests. */
import { createServer, type Server, type Socket } from "node:net";
import type { DynamipsSpec } from "@shared/proto";

/**
 * A stand-in hypervisor on loopback, for what a real one cannot do here (a router running IOS):
 * `answer` gets each command line and the socket. Resolves with its port and a way to close it.
 */
export async function fakeHypervisor(answer: (line: string, socket: Socket) => void): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((socket) => {
    let buffered = "";
    socket.on("data", (chunk) => {
      buffered += chunk.toString();
      for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
        answer(buffered.slice(0, end), socket);
        buffered = buffered.slice(end + 1);
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as { port: number }).port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A c7200 with an FE I/O card and a PA-4T+, as GNS3's template makes one; `overrides` change it. */
export function routerSpec(overrides: Partial<DynamipsSpec> = {}): DynamipsSpec {
  return {
    circuits: [], platform: "c7200", image: { name: "c7200.image", md5: "" }, dynamipsId: 1, ramMb: 256, nvramKb: 128, chassis: "", npe: "npe-400", midplane: "vxr",
    cards: [{ slot: 0, subslot: 0, name: "C7200-IO-FE" }, { slot: 1, subslot: 0, name: "PA-4T+" }], idlepc: "0x606e0538", idlemax: 500, idlesleep: 30, execAreaMb: 64, mmap: true,
    sparsemem: true, clockDivisor: 4, disk0Mb: 64, disk1Mb: 0, iomemPercent: 0, macAddress: "ca01.0000.0001", systemId: "FTX0945W0MY", auxPort: 0, privateConfig: "",
    consoleType: "telnet", ports: [{ slot: 0, port: 0 }, ...[0, 1, 2, 3].map((port) => ({ slot: 1, port }))], idlepcRequest: 0, idlepcAuto: false,
    ...overrides,
  };
}

/** A Q.922 two-byte address (DLCI, EA bit on the second byte) and `payload`. */
export function frameRelayFrame(dlci: number, payload: string): Buffer {
  return Buffer.concat([Buffer.from([(dlci >> 4) << 2, ((dlci & 0x0f) << 4) | 0x01]), Buffer.from(payload)]);
}

export function dlciOf(frame: Uint8Array): number {
  return (((frame[0]! & 0xfc) >> 2) << 4) | ((frame[1]! & 0xf0) >> 4);
}

const ATM_CELL_BYTES = 53;

/** A 53-byte cell: the four header bytes with VPI (12 bits, NNI) and VCI, a HEC byte Dynamips recomputes, and `payload` padded to 48 bytes. */
export function atmCell(vpi: number, vci: number, payload: string): Buffer {
  const cell = Buffer.alloc(ATM_CELL_BYTES);
  cell.writeUInt32BE(((vpi << 20) | (vci << 4)) >>> 0, 0);
  cell.write(payload, 5);
  return cell;
}

export function vpiVciOf(cell: Uint8Array): [number, number] {
  const header = Buffer.from(cell).readUInt32BE(0);
  return [header >>> 20, (header >>> 4) & 0xffff];
}
