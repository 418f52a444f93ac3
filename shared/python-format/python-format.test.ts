import { describe, expect, it } from "vitest";
import { PythonFormatError, pythonFormat } from "./python-format";

/** What GNS3 passes for a port name: interface and segment numbers, then named fields. */
const POSITIONAL = [3, 7];
const NAMED = { adapter: 2, name: "Node", port0: 3 };

function failure(template: string): PythonFormatError {
  try {
    pythonFormat(template, POSITIONAL, NAMED);
  } catch (error) {
    if (error instanceof PythonFormatError) return error;
    throw error;
  }
  throw new Error(`expected ${template} to be refused`);
}

// Expectations are CPython 3.11's answers to `template.format(3, 7, adapter=2, name="Node", port0=3)`.
describe("pythonFormat", () => {
  it.each([
    ["eth{}", "eth3"],
    ["e{{x}}", "e{x}"],
    ["PC{{{0}}}", "PC{3}"],
    ["PC{0}}}", "PC3}"],
    ["{}{}", "37"],
    ["{1}/{0}", "7/3"],
    ["{adapter}", "2"],
    ["{port0}", "3"],
    ["{0:02d}", "03"],
    ["{0:>5}", "    3"],
    ["{0:<5}|", "3    |"],
    ["{0:*^7}", "***3***"],
    ["{0:+d}", "+3"],
    ["{0:#x}", "0x3"],
    ["{0:#010x}", "0x00000003"],
    ["{0:08b}", "00000011"],
    ["{0:,}", "3"],
    ["{0:_b}", "11"],
    ["{0:.2f}", "3.00"],
    ["{0:e}", "3.000000e+00"],
    ["{0:%}", "300.000000%"],
    ["{0:.0e}", "3e+00"],
    ["{0:c}", "\u0003"],
    ["{1:{0}}", "  7"],
    ["{0!r}", "3"],
    ["{name!r}", "'Node'"],
    ["{name[0]}", "N"],
    ["{name:.2}", "No"],
    ["{name:05}", "Node0"],
    ["{0.real}", "3"],
  ])("formats %j as %j", (template, expected) => {
    expect(pythonFormat(template, POSITIONAL, NAMED)).toBe(expected);
  });

  it.each([
    ["eth{", "ValueError", "Single '{' encountered in format string"],
    ["eth}", "ValueError", "Single '}' encountered in format string"],
    ["{0", "ValueError", "expected '}' before end of string"],
    ["{0!", "ValueError", "end of string while looking for conversion specifier"],
    ["{0:", "ValueError", "unmatched '{' in format spec"],
    ["{x}", "KeyError", "x"],
    ["{2}", "IndexError", "Replacement index 2 out of range for positional args tuple"],
    ["{}{}{}", "IndexError", "Replacement index 2 out of range for positional args tuple"],
    ["{0}{}", "ValueError", "cannot switch from manual field specification to automatic field numbering"],
    ["{}{0}", "ValueError", "cannot switch from automatic field numbering to manual field specification"],
    ["{0!x}", "ValueError", "Unknown conversion specifier x"],
    ["{0:q}", "ValueError", "Unknown format code 'q' for object of type 'int'"],
    ["{0:.2d}", "ValueError", "Precision not allowed in integer format specifier"],
    ["{0:,,}", "ValueError", "Cannot specify ',' with ','."],
    ["{0:,_}", "ValueError", "Cannot specify both ',' and '_'."],
    ["{0:{1}{0:{1}}}", "ValueError", "Max string recursion exceeded"],
    ["{0[0]}", "TypeError", "'int' object is not subscriptable"],
    ["{0.foo}", "AttributeError", "'int' object has no attribute 'foo'"],
    ["{0.}", "ValueError", "Empty attribute in format string"],
    ["{0[}", "ValueError", "expected '}' before end of string"],
    ["{0]x}", "KeyError", "0]x"],
    ["{name:d}", "ValueError", "Unknown format code 'd' for object of type 'str'"],
    ["{name:=5}", "ValueError", "'=' alignment not allowed in string format specifier"],
    ["{name:+}", "ValueError", "Sign not allowed in string format specifier"],
    ["{0:.}", "ValueError", "Format specifier missing precision"],
    ["{99999999999999999999}", "ValueError", "Too many decimal digits in format string"],
    ["{a{b}", "ValueError", "unexpected '{' in field name"],
  ])("refuses %j with Python's %s: %s", (template, kind, message) => {
    expect(failure(template)).toMatchObject({ kind, message });
  });

  it("prints a KeyError as Python's str() does, with the key quoted", () => {
    expect(failure("{x}").pythonText()).toBe("'x'");
    expect(failure("{2}").pythonText()).toBe("Replacement index 2 out of range for positional args tuple");
  });

  it("rounds half to even at any precision, as Python does for an int under a float type", () => {
    expect(pythonFormat("{0:.1e}|{1:.1e}|{2:.2g}", [125, 135, 999999], {})).toBe("1.2e+02|1.4e+02|1e+06");
    expect(pythonFormat("{0:.120f}", [1], {})).toBe(`1.${"0".repeat(120)}`);
  });

  it("refuses a width or precision over 1000, which Python would build whatever its size", () => {
    expect(failure("{0:1001}")).toMatchObject({ kind: "ValueError", message: "Format width or precision 1001 is larger than the 1000 this server allows" });
    expect(pythonFormat("{0:1000}", POSITIONAL, NAMED)).toHaveLength(1000);
  });
});
