/**
 * The few Ethernet header operations the built-in switch needs: addresses as numbers, and
 * 802.1Q tags read, pushed and popped. Frames are immutable (see `Endpoint`), so push and pop
 * return new buffers.
 */

export const ETHERNET_HEADER_BYTES = 14;
const TAG_BYTES = 4;
/** Tag protocol identifiers a trunk accepts: 802.1Q, 802.1ad and the two pre-standard QinQ ones. */
const TAG_PROTOCOLS = new Set([0x8100, 0x88a8, 0x9100, 0x9200]);

/** Destination address as a 48-bit integer (exact in a double). */
export function destinationOf(frame: Uint8Array): number {
  return macAt(frame, 0);
}

export function sourceOf(frame: Uint8Array): number {
  return macAt(frame, 6);
}

/** Group bit of an address's first byte: broadcast and multicast. */
export function isGroupAddress(frame: Uint8Array, offset: 0 | 6): boolean {
  return ((frame[offset] ?? 0) & 1) === 1;
}

/** Read as two integers, not byte by byte: the switch reads two addresses of every frame. Bytes past the end read as 0. */
function macAt(frame: Uint8Array, offset: number): number {
  const high = ((frame[offset] ?? 0) << 8) | (frame[offset + 1] ?? 0);
  const low = (((frame[offset + 2] ?? 0) << 24) | ((frame[offset + 3] ?? 0) << 16) | ((frame[offset + 4] ?? 0) << 8) | (frame[offset + 5] ?? 0)) >>> 0;
  return high * 0x1_0000_0000 + low;
}

export interface VlanTag {
  readonly protocol: number;
  readonly vid: number;
  readonly priority: number;
}

/** Whether `outerTag` finds a tag; answers without allocating, for the untagged frames of the common path. */
export function hasOuterTag(frame: Uint8Array): boolean {
  return frame.length >= ETHERNET_HEADER_BYTES + TAG_BYTES && TAG_PROTOCOLS.has((frame[12]! << 8) | frame[13]!);
}

/** The outermost tag, when the frame carries one with a known tag protocol. */
export function outerTag(frame: Uint8Array): VlanTag | undefined {
  if (!hasOuterTag(frame)) return undefined;
  const protocol = (frame[12]! << 8) | frame[13]!;
  const control = (frame[14]! << 8) | frame[15]!;
  return { protocol, vid: control & 0x0fff, priority: control >> 13 };
}

export function popTag(frame: Uint8Array): Uint8Array {
  const untagged = new Uint8Array(frame.length - TAG_BYTES);
  untagged.set(frame.subarray(0, 12), 0);
  untagged.set(frame.subarray(12 + TAG_BYTES), 12);
  return untagged;
}

export function pushTag(frame: Uint8Array, tag: VlanTag): Uint8Array {
  const tagged = new Uint8Array(frame.length + TAG_BYTES);
  tagged.set(frame.subarray(0, 12), 0);
  const control = (tag.priority << 13) | tag.vid;
  tagged.set([tag.protocol >> 8, tag.protocol & 0xff, control >> 8, control & 0xff], 12);
  tagged.set(frame.subarray(12), 12 + TAG_BYTES);
  return tagged;
}
