import { roundHalfEven } from "./rounding";

/**
 * The size of a symbol image, read as GNS3 reads it: GIF, PNG and JPEG from their headers, SVG
 * from the root element's `width`/`height` (in px, pt, pc, mm, cm or in; a percentage of the
 * `viewBox`). Anything else has no type and a size of 0×0, as in GNS3.
 */

type ImageType = "gif" | "png" | "jpg" | "svg";

export interface ImageSize {
  width: number;
  height: number;
  type: ImageType | null;
}

/** A file that claims a type it does not hold; GNS3 answers 404 for its dimensions. */
export class InvalidImage extends Error {}

/** How much of a file is enough to find its size (JPEG headers come after any metadata). */
export const IMAGE_HEADER_BYTES = 1024 * 1024;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function imageSize(data: Uint8Array): ImageSize {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const ascii = (start: number, end: number) => String.fromCharCode(...data.subarray(start, end));
  if (data.length >= 10 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) {
    return { width: view.getInt16(6, true), height: view.getInt16(8, true), type: "gif" };
  }
  if (data.length >= 16 && PNG_SIGNATURE.every((byte, index) => data[index] === byte)) {
    const at = data.length >= 24 && ascii(12, 16) === "IHDR" ? 16 : 8;
    return { width: view.getUint32(at), height: view.getUint32(at + 4), type: "png" };
  }
  if (data.length >= 2 && data[0] === 0xff && data[1] === 0xd8) return jpegSize(view);
  if (data.length >= 10 && (ascii(0, 5) === "<?xml" || ascii(0, 4) === "<svg")) return svgSize(new TextDecoder().decode(data));
  return { width: 0, height: 0, type: null };
}

/** Walks the segments to the first marker in 0xC0–0xCF, which GNS3 takes for the frame header. */
function jpegSize(view: DataView): ImageSize {
  let at = 2;
  let skip = 0;
  let marker = 0;
  try {
    while (marker < 0xc0 || marker > 0xcf) {
      // A segment length below 2 would walk backwards, for ever.
      if (skip < 0) throw new InvalidImage("Invalid JPEG file");
      at += skip;
      let byte = view.getUint8(at++);
      while (byte === 0xff) byte = view.getUint8(at++);
      marker = byte;
      skip = view.getUint16(at) - 2;
      at += 2;
    }
    return { height: view.getUint16(at + 1), width: view.getUint16(at + 3), type: "jpg" };
  } catch (error) {
    if (error instanceof RangeError) throw new InvalidImage("Invalid JPEG file");
    throw error;
  }
}

function svgSize(text: string): ImageSize {
  const attributes = rootAttributes(text);
  const width = attributes.get("width") ?? "100%";
  const height = attributes.get("height") ?? "100%";
  let viewBox: string[] = [];
  if (width.endsWith("%") || height.endsWith("%")) {
    const box = attributes.get("viewBox");
    if (!box) throw new InvalidImage("Invalid SVG file: missing viewBox attribute");
    viewBox = box.split(/[\s,]+/);
    if (viewBox.length !== 4) throw new InvalidImage(`Invalid SVG file: the viewBox has ${viewBox.length} values, not 4`);
  }
  return {
    width: width.endsWith("%") ? svgLength(viewBox[2]!, width) : svgLength(width),
    height: height.endsWith("%") ? svgLength(viewBox[3]!, height) : svgLength(height),
    type: "svg",
  };
}

/** Pixels per unit, as GNS3 converts them (90 dpi). */
const UNITS: Record<string, number> = { pt: 1.25, pc: 15, mm: 3.543307, cm: 35.43307, in: 90, px: 1 };

/** `round(float(size) * factor)` with Python's float syntax and its rounding of halves to even. */
function svgLength(size: string, percent?: string): number {
  let factor = 1;
  let number = size;
  const unit = size.length >= 3 ? UNITS[size.slice(-2)] : undefined;
  if (unit !== undefined) {
    factor = unit;
    number = size.slice(0, -2);
  }
  if (percent !== undefined) factor *= pythonFloat(percent.replace(/%+$/, "")) / 100;
  const rounded = roundHalfEven(pythonFloat(number) * factor);
  if (!Number.isSafeInteger(rounded)) throw new InvalidImage(`Invalid SVG file: size ${JSON.stringify(size)} is out of range`);
  return rounded;
}

function pythonFloat(text: string): number {
  if (!/^\s*[+-]?(\d+(_\d+)*(\.(\d+(_\d+)*)?)?|\.\d+(_\d+)*)([eE][+-]?\d+(_\d+)*)?\s*$/.test(text)) {
    throw new InvalidImage(`Invalid SVG file: could not convert string to float: ${JSON.stringify(text)}`);
  }
  return Number(text.replace(/_/g, ""));
}

/**
 * The attributes of the document's root element. Only the prolog and that start tag are read:
 * unlike GNS3, which parses the whole file, a fault further down does not make it invalid.
 */
function rootAttributes(text: string): Map<string, string> {
  let rest = text;
  for (;;) {
    rest = rest.trimStart();
    const skipped = skipProlog(rest);
    if (skipped === undefined) break;
    rest = skipped;
  }
  const tag = /^<([A-Za-z_:][\w.:-]*)((?:\s+[A-Za-z_:][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*\/?>/.exec(rest);
  if (!tag) throw new InvalidImage("Invalid SVG file");
  const attributes = new Map<string, string>();
  for (const [, name, double, single] of tag[2]!.matchAll(/([A-Za-z_:][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    if (attributes.has(name!)) throw new InvalidImage("Invalid SVG file");
    attributes.set(name!, decodeEntities(double ?? single ?? ""));
  }
  return attributes;
}

/** What follows a declaration, processing instruction, comment or doctype at the start, if one is there. */
function skipProlog(text: string): string | undefined {
  for (const [open, close] of [["<?", "?>"], ["<!--", "-->"]] as const) {
    if (!text.startsWith(open)) continue;
    const end = text.indexOf(close, open.length);
    if (end < 0) throw new InvalidImage("Invalid SVG file");
    return text.slice(end + close.length);
  }
  if (text.startsWith("<!DOCTYPE")) {
    const doctype = /^<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/.exec(text);
    if (!doctype) throw new InvalidImage("Invalid SVG file");
    return text.slice(doctype[0].length);
  }
  return undefined;
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (match, entity: string) => {
    if (entity.startsWith("#")) {
      const code = entity[1] === "x" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return NAMED_ENTITIES[entity] ?? match;
  });
}
