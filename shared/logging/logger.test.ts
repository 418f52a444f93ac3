import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger, formatLine, setLogLevel, type LogLevel } from "./logger";

function collect() {
  const lines: Array<{ level: LogLevel; record: Record<string, unknown> }> = [];
  return { lines, sink: (line: string, level: LogLevel) => lines.push({ level, record: JSON.parse(line) as Record<string, unknown> }) };
}

afterEach(() => {
  setLogLevel("info");
  vi.restoreAllMocks();
});

describe("logger", () => {
  it("writes one JSON object per line: time, level, component, msg, then the fields", () => {
    const { lines, sink } = collect();
    createLogger("controller.hub", { sink }).info("dataplane host connected", { host_id: "h1", revision: 3 });
    expect(lines).toHaveLength(1);
    const { record } = lines[0]!;
    expect(Object.keys(record)).toEqual(["time", "level", "component", "msg", "host_id", "revision"]);
    expect(record).toMatchObject({ level: "info", component: "controller.hub", msg: "dataplane host connected", host_id: "h1", revision: 3 });
    expect(new Date(record.time as string).toISOString()).toBe(record.time);
  });

  it("puts a child's fields on every line, the call's fields over them", () => {
    const { lines, sink } = collect();
    const link = createLogger("dataplane.host", { sink }).child({ project_id: "p", link_id: "l" }).child({ link_id: "l2" });
    link.error("link capture failed", { problem: "disk full" });
    link.warn("again", { link_id: "l3" });
    expect(lines.map((line) => line.record)).toMatchObject([
      { level: "error", msg: "link capture failed", project_id: "p", link_id: "l2", problem: "disk full" },
      { level: "warn", msg: "again", project_id: "p", link_id: "l3" },
    ]);
  });

  it("keeps time, level, component and msg whatever the fields say", () => {
    const line = JSON.parse(formatLine("warn", "c", "m", { level: "debug", msg: "other", component: "x", time: 0 })) as Record<string, unknown>;
    expect(line).toMatchObject({ level: "warn", component: "c", msg: "m" });
    expect(typeof line.time).toBe("string");
  });

  it("writes errors as text and bigints as digits, and a line even when the fields cannot be written", () => {
    expect(JSON.parse(formatLine("error", "c", "m", { error: new Error("boom"), big: 2n ** 70n }))).toMatchObject({
      error: "Error: boom",
      big: "1180591620717411303424",
    });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(JSON.parse(formatLine("error", "c", "m", { circular }))).toMatchObject({ msg: "m", unloggable_fields: expect.stringContaining("circular") });
  });

  it("drops what is below the minimum level: info unless LOG_LEVEL or the logger says otherwise", () => {
    const { lines, sink } = collect();
    const log = createLogger("c", { sink });
    const all = () => {
      log.debug("d");
      log.info("i");
      log.warn("w");
      log.error("e");
    };
    all();
    expect(lines.map((line) => line.level)).toEqual(["info", "warn", "error"]);
    lines.length = 0;
    setLogLevel("debug");
    all();
    expect(lines.map((line) => line.level)).toEqual(["debug", "info", "warn", "error"]);
    lines.length = 0;
    setLogLevel("error");
    all();
    createLogger("c", { sink, level: "warn" }).warn("told");
    setLogLevel(undefined);
    log.warn("still error");
    expect(lines.map((line) => line.record.msg)).toEqual(["e", "told"]);
  });

  it("says so and logs from info when LOG_LEVEL is not a level", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    setLogLevel("verbose");
    expect(JSON.parse(errors.mock.calls[0]![0] as string)).toMatchObject({ level: "warn", component: "logging", setting: "verbose" });
    const { lines, sink } = collect();
    createLogger("c", { sink }).debug("hidden");
    createLogger("c", { sink }).info("shown");
    expect(lines.map((line) => line.record.msg)).toEqual(["shown"]);
  });

  it("writes to the console by default: debug and info to stdout, warn and error to stderr", () => {
    const out = vi.spyOn(console, "log").mockImplementation(() => {});
    const err = vi.spyOn(console, "error").mockImplementation(() => {});
    setLogLevel("debug");
    const log = createLogger("c");
    log.debug("d");
    log.info("i");
    log.warn("w");
    log.error("e");
    expect(out.mock.calls.map(([line]) => JSON.parse(line as string).msg)).toEqual(["d", "i"]);
    expect(err.mock.calls.map(([line]) => JSON.parse(line as string).msg)).toEqual(["w", "e"]);
  });
});
