/**
 * The file of a `multipart/form-data` upload (what a browser's FormData sends, as gns3-web-ui
 * does for a project import), read from a body already held in memory. The file comes back as
 * a view into the body, not a copy: the platform's `Request.formData()` reads the whole body
 * too, then copies each part into a Blob, doubling the memory an import of hundreds of
 * megabytes takes, and says no more than "failed to parse" when the body is damaged.
 */
export class MalformedMultipart extends Error {}

/** The file field gns3-web-ui's uploader sends (ng2-file-upload's default `itemAlias`). */
export const FILE_FIELD = "file";

/** Bytes of one part's headers beyond which the body is not taken for form data. */
const MAX_PART_HEADERS = 16 * 1024;

/**
 * The boundary of a multipart/form-data content type; undefined for any other type (the body
 * is then the file itself). A form without a usable boundary cannot be read at all.
 */
export function multipartBoundary(contentType: string | null): string | undefined {
  if (contentType === null || !/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) return undefined;
  const match = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary || boundary.length > 70) throw new MalformedMultipart("the multipart/form-data content type has no valid boundary");
  return boundary;
}

/**
 * The content of the part named `file`, or of the first part carrying a file name when none is
 * named so. Parts are delimited by `--boundary` lines; the last delimiter ends in `--`.
 */
export function multipartFile(body: Uint8Array, boundary: string): Uint8Array {
  const encoder = new TextEncoder();
  const delimiter = encoder.encode(`--${boundary}`);
  const separator = encoder.encode(`\r\n--${boundary}`);
  let position = indexOf(body, delimiter, 0);
  if (position < 0) throw new MalformedMultipart(`the body does not contain the boundary '${boundary}'`);
  position += delimiter.length;
  let fallback: Uint8Array | undefined;
  for (;;) {
    if (body[position] === 0x2d && body[position + 1] === 0x2d) break;
    if (body[position] !== 0x0d || body[position + 1] !== 0x0a) throw new MalformedMultipart("a boundary is not followed by a line break");
    const headersStart = position + 2;
    const headersEnd = indexOf(body, HEADERS_END, headersStart);
    if (headersEnd < 0 || headersEnd - headersStart > MAX_PART_HEADERS) throw new MalformedMultipart("a part's headers do not end");
    const disposition = contentDisposition(new TextDecoder().decode(body.subarray(headersStart, headersEnd)));
    const contentStart = headersEnd + HEADERS_END.length;
    const contentEnd = indexOf(body, separator, contentStart);
    if (contentEnd < 0) throw new MalformedMultipart("the last part is not closed by its boundary");
    const content = body.subarray(contentStart, contentEnd);
    if (disposition.name === FILE_FIELD) return content;
    if (disposition.filename !== undefined) fallback ??= content;
    position = contentEnd + separator.length;
  }
  if (fallback) return fallback;
  throw new MalformedMultipart(`the form has no file: send the project in a field named '${FILE_FIELD}'`);
}

const HEADERS_END = new Uint8Array([0x0d, 0x0a, 0x0d, 0x0a]);

function contentDisposition(headers: string): { name?: string; filename?: string } {
  const line = headers.split("\r\n").find((header) => /^content-disposition\s*:/i.test(header));
  if (!line || !/:\s*form-data\s*(;|$)/i.test(line)) throw new MalformedMultipart("a part has no 'Content-Disposition: form-data' header");
  const parameter = (key: string) => {
    const match = new RegExp(`;\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`, "i").exec(line);
    return match ? (match[1] ?? match[2]) : undefined;
  };
  const name = parameter("name");
  const filename = parameter("filename");
  return { ...(name === undefined ? {} : { name }), ...(filename === undefined ? {} : { filename }) };
}

/** First index of `needle` in `haystack` from `from`: the native scan finds candidates for its first byte. */
function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0]!;
  const last = haystack.length - needle.length;
  for (let index = haystack.indexOf(first, from); index >= 0 && index <= last; index = haystack.indexOf(first, index + 1)) {
    let offset = 1;
    while (offset < needle.length && haystack[index + offset] === needle[offset]) offset++;
    if (offset === needle.length) return index;
  }
  return -1;
}
