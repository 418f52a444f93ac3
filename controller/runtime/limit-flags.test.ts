import { describe, expect, it } from "vitest";
import { parseFlags } from "@shared/cli/flags";
import { LIMIT_FLAGS, limitFlags, parseByteSize, parseLimitFlags } from "./limit-flags";

describe("sizes", () => {
  it("reads bytes and K, M, G, T as powers of 1024, however spelled", () => {
    expect(parseByteSize("4294967296")).toBe(4 * 1024 ** 3);
    expect(parseByteSize("512M")).toBe(512 * 1024 ** 2);
    expect(parseByteSize("2G")).toBe(2 * 1024 ** 3);
    expect(parseByteSize("2g")).toBe(2 * 1024 ** 3);
    expect(parseByteSize("64KiB")).toBe(64 * 1024);
    expect(parseByteSize("1.5GB")).toBe(1.5 * 1024 ** 3);
    expect(parseByteSize("1T")).toBe(1024 ** 4);
  });

  it("refuses what is not a size, saying what is expected", () => {
    for (const text of ["", "big", "-1", "0", "12X", "1e9", "G", "0.1"]) {
      expect(() => parseByteSize(text), text).toThrow(/size|at least one byte/);
    }
    expect(() => parseByteSize("huge")).toThrow("'huge' is not a size: give bytes, or a number with K, M, G or T (powers of 1024)");
  });
});

describe("limit flags", () => {
  const parse = (args: string[], env: NodeJS.ProcessEnv = {}) => {
    const parsed = parseFlags(LIMIT_FLAGS, args, env);
    if (parsed.outcome !== "run") throw new Error(`flags not parsed: ${parsed.outcome}`);
    return parseLimitFlags(parsed.values);
  };

  it("sets only the limits given", () => {
    expect(parse([])).toEqual({});
    expect(parse(["--max-upload-size", "512M", "--max-nodes", "50", "--max-links", "70", "--max-drawings", "9"])).toEqual({
      maxUploadBytes: 512 * 1024 ** 2,
      maxNodesPerProject: 50,
      maxLinksPerProject: 70,
      maxDrawingsPerProject: 9,
    });
    expect(parse(["--max-notification-listeners", "20", "--max-notification-listeners-per-project", "3"])).toEqual({
      maxNotificationListeners: 20,
      maxNotificationListenersPerProject: 3,
    });
  });

  it("takes the environment when no flag is given, the flag over it", () => {
    expect(parse([], { CONTROLLER_MAX_UPLOAD_SIZE: "1G", CONTROLLER_MAX_LINKS: "5" })).toEqual({ maxUploadBytes: 1024 ** 3, maxLinksPerProject: 5 });
    expect(parse(["--max-links", "6"], { CONTROLLER_MAX_LINKS: "5" })).toEqual({ maxLinksPerProject: 6 });
  });

  it("names the flag that is wrong", () => {
    expect(() => parse(["--max-nodes", "0"])).toThrow("--max-nodes: '0' must be a whole number of at least 1");
    expect(() => parse(["--max-links", "1.5"])).toThrow("--max-links: '1.5' must be a whole number of at least 1");
    expect(() => parse(["--max-upload-size", "lots"])).toThrow("--max-upload-size: 'lots' is not a size");
  });

  it("gives back the arguments that set the same limits", () => {
    const limits = { maxUploadBytes: 1000, maxNodesPerProject: 3, maxNotificationListenersPerProject: 2 };
    expect(parse(limitFlags(limits))).toEqual(limits);
  });
});
