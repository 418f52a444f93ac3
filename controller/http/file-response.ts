import type { StoredFile } from "../files/file-store";

/** The types Python's `mimetypes` (which GNS3 uses) gives for the files a lab usually holds. */
const CONTENT_TYPES: Record<string, string> = {
  css: "text/css",
  csv: "text/csv",
  gif: "image/gif",
  gz: "application/gzip",
  htm: "text/html",
  html: "text/html",
  ico: "image/vnd.microsoft.icon",
  iso: "application/x-iso9660-image",
  jpeg: "image/jpeg",
  jpg: "image/jpeg",
  js: "text/javascript",
  json: "application/json",
  md: "text/markdown",
  pcap: "application/vnd.tcpdump.pcap",
  pdf: "application/pdf",
  png: "image/png",
  svg: "image/svg+xml",
  tar: "application/x-tar",
  txt: "text/plain",
  xml: "text/xml",
  zip: "application/zip",
};

export function contentTypeFor(name: string): string {
  const base = name.slice(name.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  if (dot <= 0) return "application/octet-stream";
  return CONTENT_TYPES[base.slice(dot + 1).toLowerCase()] ?? "application/octet-stream";
}

/** Streams a stored file; the length is known up front so clients can show progress. */
export function fileResponse(file: StoredFile, name: string): Response {
  return new Response(file.stream, {
    status: 200,
    headers: {
      "content-type": contentTypeFor(name),
      "content-length": String(file.size),
      "last-modified": file.modified.toUTCString(),
    },
  });
}
