import { describe, expect, it } from "vitest";
import { DomainError } from "./errors";
import { defaultStartupScript, expandedStartupScript, renamedStartupScript, splitStartupScript } from "./vpcs-script";

describe("a VPCS startup script", () => {
  it("names the PC after its node by default, so the prompt is the node's name", () => {
    expect(defaultStartupScript("PC1")).toBe("set pcname PC1\n");
  });

  it("stands %h for the node's name in a script the client sends, everywhere it appears", () => {
    expect(expandedStartupScript("# %h\nset pcname %h\nip 10.0.0.1/24\n", "PC7")).toBe("# PC7\nset pcname PC7\nip 10.0.0.1/24\n");
  });

  it("renames every set pcname line and nothing else", () => {
    const script = "# PC1 and PC10\nset pcname PC1\nip 10.0.0.1/24 10.0.0.254\nset pcname other\n";
    expect(renamedStartupScript(script, "Web")).toBe("# PC1 and PC10\nset pcname Web\nip 10.0.0.1/24 10.0.0.254\nset pcname Web\n");
  });

  it("keeps CRLF line ends, leaves scripts without set pcname alone, and drops backslashes from the name as GNS3 does", () => {
    expect(renamedStartupScript("set pcname PC1\r\nip dhcp\r\n", "PC2")).toBe("set pcname PC2\r\nip dhcp\r\n");
    expect(renamedStartupScript("ip dhcp\n", "PC2")).toBe("ip dhcp\n");
    expect(renamedStartupScript("set pcname PC1\n", "a\\b")).toBe("set pcname ab\n");
  });
});

describe("splitStartupScript", () => {
  it("takes startup_script out of a VPCS node's properties: text, or null for an empty script", () => {
    expect(splitStartupScript("vpcs", { startup_script: "ip dhcp", other: 1 })).toEqual({ properties: { other: 1 }, startupScript: "ip dhcp" });
    expect(splitStartupScript("vpcs", { startup_script: null })).toEqual({ properties: {}, startupScript: null });
    expect(splitStartupScript("vpcs", {})).toEqual({ properties: {}, startupScript: undefined });
    expect(splitStartupScript("vpcs", undefined)).toEqual({ properties: undefined, startupScript: undefined });
  });

  it("leaves the properties of other node types as sent", () => {
    expect(splitStartupScript("qemu", { startup_script: "x" })).toEqual({ properties: { startup_script: "x" }, startupScript: undefined });
  });

  it("refuses a script that is not text, as a 400 naming the property", () => {
    for (const value of [42, ["ip dhcp"], { text: "x" }, true]) {
      let refusal: unknown;
      try {
        splitStartupScript("vpcs", { startup_script: value });
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DomainError);
      expect((refusal as DomainError).violation).toBe("invalid");
      expect((refusal as DomainError).message).toMatch(/^properties\.startup_script must be the script's text \(a string\) or null, not (a number|an array|an object|a boolean)$/);
    }
  });
});
