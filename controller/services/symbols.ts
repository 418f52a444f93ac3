import type { ControllerDeps } from "../deps";
import { missingRecord } from "../domain/errors";
import { IMAGE_HEADER_BYTES, InvalidImage, imageSize } from "../domain/image-size";
import {
  BUILTIN_SYMBOLS,
  DEFAULT_SYMBOL_FILE,
  builtinSymbolFile,
  builtinSymbolSize,
  customSymbolEntry,
  exactBuiltinSymbolFile,
  type SymbolEntry,
} from "../domain/symbols";
import { PathEscape, safeRelativePath, type StoredFile } from "../files/file-store";
import { fileLayout } from "../files/layout";
import { storeLimitedUpload, type IncomingUpload } from "./upload-limit";

/** A symbol as found for an id: one drawn here, or a file someone uploaded. */
export type FoundSymbol = { builtin: string } | { custom: string; file: StoredFile };

const lastSegment = (path: string) => path.slice(path.lastIndexOf("/") + 1);

/** Built-in symbols, then the uploaded ones (GNS3 leaves out files whose name starts with a dot). */
export async function listSymbols(deps: ControllerDeps): Promise<SymbolEntry[]> {
  const uploaded = (await deps.files.list(fileLayout.symbols()))
    .map((entry) => entry.path)
    .filter((path) => !lastSegment(path).startsWith("."))
    .sort();
  return [...BUILTIN_SYMBOLS, ...uploaded.map(customSymbolEntry)];
}

/**
 * The symbol an id names, with GNS3's fallbacks: a classic built-in id, an uploaded symbol's
 * path, a built-in of the same file name, and else the computer. Never "not found", as in
 * GNS3, so a map always has something to draw; an id that would leave the symbols folder is
 * never looked up as a file.
 */
export async function findSymbol(deps: ControllerDeps, symbolId: string): Promise<FoundSymbol> {
  const exact = exactBuiltinSymbolFile(symbolId);
  if (exact) return { builtin: exact };
  const uploaded = await readUploaded(deps, symbolId);
  if (uploaded) return uploaded;
  return { builtin: builtinSymbolFile(symbolId) ?? DEFAULT_SYMBOL_FILE };
}

async function readUploaded(deps: ControllerDeps, symbolId: string): Promise<FoundSymbol | undefined> {
  try {
    const path = safeRelativePath(symbolId);
    if (lastSegment(path).startsWith(".")) return undefined;
    const file = await deps.files.read(`${fileLayout.symbols()}/${path}`);
    return file ? { custom: path, file } : undefined;
  } catch (error) {
    if (error instanceof PathEscape) return undefined;
    throw error;
  }
}

/** Width and height read from the image; 404 for a file that claims a type it does not hold, as GNS3. */
export async function symbolDimensions(deps: ControllerDeps, symbolId: string): Promise<{ height: number; width: number }> {
  const found = await findSymbol(deps, symbolId);
  // Keys in GNS3's sorted order.
  if ("builtin" in found) {
    const { width, height } = builtinSymbolSize(found.builtin);
    return { height, width };
  }
  try {
    const { width, height } = imageSize(await leadingBytes(found.file.stream, IMAGE_HEADER_BYTES));
    return { height, width };
  } catch (error) {
    if (error instanceof InvalidImage) throw missingRecord(`Could not get symbol dimensions: ${error.message}`);
    throw error;
  }
}

/** Up to `limit` bytes from the start of a stream, which is then let go. */
async function leadingBytes(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    while (length < limit) {
      const next = await reader.read();
      if (next.done) break;
      chunks.push(next.value);
      length += next.value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(Math.min(length, limit));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - offset);
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/**
 * Stores an uploaded symbol under its file name (GNS3 keeps only the last segment of the id),
 * streamed and no larger than `--max-upload-size`. An id that tries to leave the folder is
 * refused (403) rather than cut down to its last segment.
 */
export async function uploadSymbol(deps: ControllerDeps, symbolId: string, upload: IncomingUpload): Promise<void> {
  const name = lastSegment(safeRelativePath(symbolId));
  await storeLimitedUpload(deps, `${fileLayout.symbols()}/${name}`, upload, (reason) => `Could not write symbol file '${name}': ${reason}`);
}
