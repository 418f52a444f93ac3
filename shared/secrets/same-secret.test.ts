import { describe, expect, it } from "vitest";
import { sameSecret } from "./same-secret";

describe("sameSecret", () => {
  it("is true for the same secret only, as text or bytes", () => {
    expect(sameSecret("s3cret é", "s3cret é")).toBe(true);
    expect(sameSecret(new TextEncoder().encode("s3cret é"), "s3cret é")).toBe(true);
    expect(sameSecret("s3cret é", new TextEncoder().encode("s3cret é"))).toBe(true);
    expect(sameSecret("", "")).toBe(true);
  });

  it("is false for a different, shorter, longer or empty secret", () => {
    for (const given of ["s3cret e", "s3cret", "s3cret éx", "", "S3cret é"]) expect(sameSecret(given, "s3cret é"), given).toBe(false);
    expect(sameSecret("anything", "")).toBe(false);
  });

  it("compares UTF-8 bytes: a Latin-1 reading of the same text is not the secret", () => {
    // What atob gives for a Basic header whose password was encoded as Latin-1, not UTF-8.
    expect(sameSecret(Uint8Array.from([0x65, 0xe9]), "eé")).toBe(false);
    expect(sameSecret(Uint8Array.from([0x65, 0xc3, 0xa9]), "eé")).toBe(true);
  });

  it("never matches a prefix padded with zero bytes", () => {
    expect(sameSecret(Uint8Array.from([0x61, 0]), Uint8Array.from([0x61]))).toBe(false);
    expect(sameSecret(Uint8Array.from([0x61]), Uint8Array.from([0x61, 0]))).toBe(false);
  });
});
