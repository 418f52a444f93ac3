import { describe, expect, it } from "vitest";
import { hashSecret } from "@shared/secrets/secret-hash";
import { tokenRefusal } from "./host-tokens";

describe("the token a daemon presents", () => {
  it("admits an unregistered host with the shared token only", async () => {
    const shared = { kind: "shared", token: "secret" } as const;
    expect(await tokenRefusal("h1", "secret", shared)).toBeUndefined();
    expect(await tokenRefusal("h1", "guess", shared)).toBe("wrong dataplane token");
    expect(await tokenRefusal("h1", "secret", { kind: "shared", token: undefined })).toMatch(/accepts no dataplane daemons: start it with --dataplane-token/);
  });

  it("admits a registered host with its own token, never the shared one", async () => {
    const own = { kind: "own", hash: await hashSecret("h1-own") } as const;
    expect(await tokenRefusal("h1", "h1-own", own)).toBeUndefined();
    expect(await tokenRefusal("h1", "secret", own)).toBe("wrong dataplane token for host 'h1', which was registered with a token of its own");
  });
});
