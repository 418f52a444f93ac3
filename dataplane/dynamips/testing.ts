/** Frame Relay frames and ATM cells as Dynamips switches them, for tests. */

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
