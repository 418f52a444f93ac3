import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signingKey, signToken, verifyToken } from "./jwt";

const NOW = 1_800_000_000;

/** A token made the way PyJWT makes GNS3's, independently of jwt.ts. */
function referenceToken(header: object, payload: object, secret: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const signed = `${encode(header)}.${encode(payload)}`;
  return `${signed}.${createHmac("sha256", secret).update(signed).digest("base64url")}`;
}

describe("bearer tokens (HS256 JWT)", () => {
  it("signs a token any HS256 implementation checks, and reads back its claims", async () => {
    const key = await signingKey("s3cret");
    const token = await signToken({ sub: "alice", exp: NOW + 60 }, key);
    const [header, payload, signature] = token.split(".");
    expect(JSON.parse(Buffer.from(header!, "base64url").toString())).toEqual({ alg: "HS256", typ: "JWT" });
    expect(JSON.parse(Buffer.from(payload!, "base64url").toString())).toEqual({ sub: "alice", exp: NOW + 60 });
    expect(signature).toBe(createHmac("sha256", "s3cret").update(`${header}.${payload}`).digest("base64url"));
    expect(await verifyToken(token, key, NOW)).toEqual({ sub: "alice", exp: NOW + 60 });
  });

  it("accepts a token another HS256 implementation signed with the same secret", async () => {
    const token = referenceToken({ alg: "HS256", typ: "JWT" }, { sub: "bob", exp: NOW + 1 }, "s3cret");
    expect(await verifyToken(token, await signingKey("s3cret"), NOW)).toEqual({ sub: "bob", exp: NOW + 1 });
  });

  it("refuses expired tokens, other secrets, other algorithms, altered claims and garbage", async () => {
    const key = await signingKey("s3cret");
    const good = await signToken({ sub: "alice", exp: NOW + 60 }, key);
    const [header, , signature] = good.split(".");
    const refused = [
      await signToken({ sub: "alice", exp: NOW }, key),
      referenceToken({ alg: "HS256", typ: "JWT" }, { sub: "alice", exp: NOW + 60 }, "other"),
      referenceToken({ alg: "none", typ: "JWT" }, { sub: "alice", exp: NOW + 60 }, "s3cret"),
      `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${Buffer.from(JSON.stringify({ sub: "alice", exp: NOW + 60 })).toString("base64url")}.`,
      `${header}.${Buffer.from(JSON.stringify({ sub: "admin", exp: NOW + 60 })).toString("base64url")}.${signature}`,
      referenceToken({ alg: "HS256" }, { sub: 7, exp: NOW + 60 }, "s3cret"),
      referenceToken({ alg: "HS256" }, { sub: "alice", exp: "later" }, "s3cret"),
      referenceToken({ alg: "HS256" }, { sub: "alice" }, "s3cret"),
      "",
      "a.b",
      "a.b.c.d",
      "!!.??.**",
      `${good}x`,
    ];
    for (const token of refused) expect(await verifyToken(token, key, NOW), token).toBeUndefined();
  });
});
