import { describe, expect, it } from "vitest";
import { HypervisorBroken, HypervisorRefusal, commandLine, parseReplyLine, replyValues } from "./hypervisor-replies";

describe("Dynamips hypervisor replies", () => {
  it("reads informative lines and the last line's value", () => {
    const lines = ["101 F1", "101 F2", "100-OK"].map(parseReplyLine);
    expect(replyValues("frsw list", lines)).toEqual(["F1", "F2"]);
    expect(replyValues("hypervisor version", [parseReplyLine("100-0.2.14-amd64")])).toEqual(["0.2.14-amd64"]);
  });

  it("turns an error line into a refusal that says what the code means", () => {
    const refusal = (() => {
      try {
        replyValues("frsw create_vc F1 n2 200 n1 100", [parseReplyLine("205-unable to create VC")]);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(HypervisorRefusal);
    expect((refusal as HypervisorRefusal).code).toBe(205);
    expect((refusal as Error).message).toBe('Dynamips refused "frsw create_vc F1 n2 200 n1 100": unable to create VC (205, binding error)');
  });

  it("calls anything else a broken connection", () => {
    expect(() => parseReplyLine("garbage")).toThrow(HypervisorBroken);
    expect(() => parseReplyLine("1000 x")).toThrow(HypervisorBroken);
    expect(() => replyValues("vm list", [parseReplyLine("101 R1")])).toThrow(HypervisorBroken);
  });

  it("quotes names and refuses the ones dynamips could not read", () => {
    expect(commandLine("vm", "create", ["R 1", 1, "c7200"])).toBe('vm create "R 1" 1 "c7200"');
    expect(() => commandLine("vm", "set_ios", ['a"b'])).toThrow(/holds a quote/);
    expect(() => commandLine("vm", "set_ios", ["a\nvm delete R1"])).toThrow(/line end/);
  });
});
