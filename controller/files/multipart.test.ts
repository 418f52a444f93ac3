import { describe, expect, it } from "vitest";
import { MalformedMultipart, multipartBoundary, multipartFile } from "./multipart";

const encoder = new TextEncoder();

/** A form as a browser's FormData sends it: CRLF lines, each part after its boundary, a closing `--`. */
function form(boundary: string, parts: Array<{ headers: string[]; content: string | Uint8Array }>): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    chunks.push(encoder.encode(`--${boundary}\r\n${part.headers.join("\r\n")}\r\n\r\n`));
    chunks.push(typeof part.content === "string" ? encoder.encode(part.content) : part.content);
    chunks.push(encoder.encode("\r\n"));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  return new Uint8Array(chunks.flatMap((chunk) => [...chunk]));
}

const BOUNDARY = "----WebKitFormBoundary7MA4YWxkTrZu0gW";
const file = (name: string, filename?: string) => `Content-Disposition: form-data; name="${name}"${filename === undefined ? "" : `; filename="${filename}"`}`;

describe("multipartBoundary", () => {
  it("reads the boundary of form data, quoted or not, and nothing of other types", () => {
    expect(multipartBoundary(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b"')).toBe("a b");
    expect(multipartBoundary("application/octet-stream")).toBeUndefined();
    expect(multipartBoundary(null)).toBeUndefined();
    expect(() => multipartBoundary("multipart/form-data")).toThrow(MalformedMultipart);
    expect(() => multipartBoundary(`multipart/form-data; boundary=${"x".repeat(71)}`)).toThrow(MalformedMultipart);
  });
});

describe("multipartFile", () => {
  it("gives the part named file, bytes as sent, whatever they contain", () => {
    const binary = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x0d, 0x0a, 0x2d, 0x2d, 0x00, 0xff, 0x0d, 0x0a]);
    const body = form(BOUNDARY, [
      { headers: [file("name")], content: "lab" },
      { headers: [file("file", "lab.gns3project"), "Content-Type: application/octet-stream"], content: binary },
    ]);
    expect(multipartFile(body, BOUNDARY)).toEqual(binary);
  });

  it("takes the first part carrying a file name when none is named file", () => {
    const body = form(BOUNDARY, [
      { headers: [file("comment")], content: "x" },
      { headers: [file("upload", "a.gns3project")], content: "first" },
      { headers: [file("other", "b.gns3project")], content: "second" },
    ]);
    expect(new TextDecoder().decode(multipartFile(body, BOUNDARY))).toBe("first");
  });

  it("gives an empty file as empty", () => {
    expect(multipartFile(form(BOUNDARY, [{ headers: [file("file", "e")], content: "" }]), BOUNDARY)).toEqual(new Uint8Array(0));
  });

  it("refuses forms it cannot read, saying why", () => {
    const reason = (body: string | Uint8Array) => {
      try {
        multipartFile(typeof body === "string" ? encoder.encode(body) : body, BOUNDARY);
      } catch (error) {
        if (error instanceof MalformedMultipart) return error.message;
        throw error;
      }
      return "accepted";
    };
    expect(reason("no boundary here")).toBe(`the body does not contain the boundary '${BOUNDARY}'`);
    expect(reason(`--${BOUNDARY}\r\n${file("file", "a")}\r\n\r\nunterminated`)).toBe("the last part is not closed by its boundary");
    expect(reason(`--${BOUNDARY}\r\n${file("file", "a")}\r\nno blank line`)).toBe("a part's headers do not end");
    expect(reason(`--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${BOUNDARY}--`)).toBe("a part has no 'Content-Disposition: form-data' header");
    expect(reason(`--${BOUNDARY}garbage`)).toBe("a boundary is not followed by a line break");
    expect(reason(form(BOUNDARY, [{ headers: [file("name")], content: "lab" }]))).toBe("the form has no file: send the project in a field named 'file'");
  });

  it("reads what the platform's FormData writes", async () => {
    const data = new FormData();
    data.append("name", "lab");
    data.append("file", new Blob([new Uint8Array([1, 2, 3, 13, 10])]), "lab.gns3project");
    const request = new Request("http://localhost/", { method: "POST", body: data });
    const boundary = multipartBoundary(request.headers.get("content-type"))!;
    expect(multipartFile(new Uint8Array(await request.arrayBuffer()), boundary)).toEqual(new Uint8Array([1, 2, 3, 13, 10]));
  });
});
