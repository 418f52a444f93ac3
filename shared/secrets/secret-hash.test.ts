import { describe, expect, it } from "vitest";
import { hashSecret, newToken, secretMatches } from "./secret-hash";

describe("a secret kept as its PBKDF2 hash", () => {
  it("matches the secret it was made from and nothing else", async () => {
    const stored = await hashSecret("s3cret");
    expect(await secretMatches("s3cret", stored)).toBe(true);
    for (const guess of ["", "s3cre", "s3cret ", "S3cret"]) expect(await secretMatches(guess, stored)).toBe(false);
  });

  it("never holds the secret, and salts each hash", async () => {
    const [first, second] = [await hashSecret("s3cret"), await hashSecret("s3cret")];
    expect(JSON.stringify(first)).not.toContain("s3cret");
    expect(first.salt).not.toBe(second.salt);
    expect(first.hash).not.toBe(second.hash);
  });

  it("makes tokens of 64 hex digits, each new", () => {
    expect(newToken()).toMatch(/^[0-9a-f]{64}$/);
    expect(newToken()).not.toBe(newToken());
  });
});
