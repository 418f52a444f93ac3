import { describe, expect, it } from "vitest";
import { escapeKeys, restoreKeys } from "./proto-keys";

/** What the store does, with structuredClone for the encoding (the LMDB backend's test covers MessagePack). */
const roundTrip = (value: unknown) => restoreKeys(structuredClone(escapeKeys(value)));

describe("keys through MessagePack", () => {
  it("brings a __proto__ key back as an own property, and pollutes nothing", () => {
    const value = JSON.parse('{"link_style": {"a": {"__proto__": {"polluted": "yes"}}, "width": 2}, "list": [{"__proto__": 1}]}');
    const back = roundTrip(value) as Record<string, any>;
    expect(JSON.stringify(back)).toBe(JSON.stringify(value));
    expect(Object.getPrototypeOf(back.link_style.a)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("keeps keys that begin with the escape, and leaves a value without such keys as it is", () => {
    const value = { "\u0000x": 1, "\u0000__proto__": 2, __proto_: 3 };
    expect(roundTrip(value)).toEqual(value);
    const plain = { a: [1, { b: "c" }], d: new Uint8Array([1]) };
    expect(escapeKeys(plain)).toBe(plain);
  });
});
