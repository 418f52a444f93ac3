import { describe, expect, it } from "vitest";
import { refusal } from "./testing";
import { allocateNodeName } from "./node-names";


const taken = (...names: string[]): ReadonlySet<string> => new Set(names);

describe("allocateNodeName", () => {
  describe("templates with {0} or {id}, filled with the lowest free number from 1 (GNS3)", () => {
    it.each([
      ["PC{0}", taken(), "PC1"],
      ["PC{0}", taken("PC1", "PC3"), "PC2"],
      ["PC{0}", taken("PC2"), "PC1"],
      ["R{id}", taken("R1"), "R2"],
      ["{0}", taken(), "1"],
      ["e{0}-{id}", taken("e1-1"), "e2-2"],
    ])("%s with %j taken → %s", (requested, names, expected) => {
      expect(allocateNodeName(requested, names)).toBe(expected);
    });

    it("fills {name} with 'Node', as GNS3's str.format call does", () => {
      expect(allocateNodeName("{name}-{0}", taken())).toBe("Node-1");
    });

    it.each([
      ["PC{{{0}}}", "PC{1}"],
      ["PC{0}}}", "PC1}"],
      ["{{PC}}{0}", "{PC}1"],
      ["PC{0}-{id:03d}", "PC1-001"],
      ["PC{0}{name!r}", "PC1'Node'"],
    ])("reads %j as Python's str.format does → %j", (requested, expected) => {
      expect(allocateNodeName(requested, taken())).toBe(expected);
    });

    it("keeps a name as it is when {0} or {id} does not appear literally, as GNS3 checks the text first", () => {
      expect(allocateNodeName("PC{0:02d}", taken())).toBe("PC{0:02d}");
    });
  });

  describe("plain names", () => {
    it("keeps a free name as it is", () => {
      expect(allocateNodeName("PC7", taken("PC1"))).toBe("PC7");
    });

    it("replaces the trailing digits of a taken name with the lowest free number (PC1 → PC2), as GNS3 does", () => {
      expect(allocateNodeName("PC1", taken("PC1"))).toBe("PC2");
      expect(allocateNodeName("PC1", taken("PC1", "PC2", "PC4"))).toBe("PC3");
      expect(allocateNodeName("Router7", taken("Router7"))).toBe("Router1");
    });

    it("appends the lowest free number to a taken name without digits (R → R1), as GNS3 does", () => {
      expect(allocateNodeName("R", taken("R"))).toBe("R1");
      expect(allocateNodeName("R", taken("R", "R1"))).toBe("R2");
    });

    it("does not treat other braces as a template when there is no {0} or {id}, as GNS3 does", () => {
      expect(allocateNodeName("{name}", taken())).toBe("{name}");
      expect(allocateNodeName("R{foo}", taken())).toBe("R{foo}");
      expect(allocateNodeName("e{{x}}", taken())).toBe("e{{x}}");
    });

    it("turns a taken name's trailing digits into {0}, so its other braces are read as a template too", () => {
      expect(allocateNodeName("R{{1}}1", taken("R{{1}}1"))).toBe("R{1}1");
      expect(refusal(() => allocateNodeName("R{x}1", taken("R{x}1"))).message).toBe("{x} is not a valid replacement string in the node name");
    });

    it("finds trailing digits before a final newline, as Python's $ does", () => {
      expect(allocateNodeName("PC1\n", taken("PC1\n"))).toBe("PC2\n");
    });
  });

  describe("spaces", () => {
    it("removes spaces before anything else, as GNS3 does", () => {
      expect(allocateNodeName("My PC", taken())).toBe("MyPC");
      expect(allocateNodeName(" My PC {0} ", taken())).toBe("MyPC1");
    });

    it("finds a name taken once its spaces are removed", () => {
      expect(allocateNodeName("PC 1", taken("PC1"))).toBe("PC2");
    });

    it("removes only spaces: tabs, newlines and other white space stay, as GNS3's re.sub('[ ]') leaves them", () => {
      expect(allocateNodeName("PC\t1", taken())).toBe("PC\t1");
      expect(allocateNodeName("PC\u00a01", taken())).toBe("PC\u00a01");
      expect(allocateNodeName(" a b\n", taken())).toBe("ab\n");
    });

    it("refuses a name of spaces alone, which GNS3 would store empty", () => {
      expect(refusal(() => allocateNodeName("   ", taken()))).toEqual({
        violation: "invalid",
        message: "Node name '   ' is only spaces: give a name with other characters",
      });
    });
  });

  describe("invalid replacement fields (409, GNS3's messages)", () => {
    it("names an unknown field", () => {
      expect(refusal(() => allocateNodeName("PC{0}{foo}", taken()))).toEqual({
        violation: "conflict",
        message: "{foo} is not a valid replacement string in the node name",
      });
    });

    it.each([
      ["PC{0}{1}"],
      ["PC{0}{}"],
      ["PC{0}{"],
      ["PC{0}}"],
      ["PC{id}{7}"],
      ["PC{0}{0.foo}"],
      ["PC{0}{0[0]}"],
    ])("quotes the whole template for %j (index out of range or malformed)", (requested) => {
      expect(refusal(() => allocateNodeName(requested, taken()))).toEqual({
        violation: "conflict",
        message: `${requested} is not a valid replacement string in the node name`,
      });
    });

    it("quotes the template after its spaces are removed", () => {
      expect(refusal(() => allocateNodeName("P C{0}{1}", taken())).message).toBe("PC{0}{1} is not a valid replacement string in the node name");
    });

    it("reports the first bad field, where Python's str.format stops", () => {
      expect(refusal(() => allocateNodeName("PC{0}{foo}{1}", taken())).message).toBe("{foo} is not a valid replacement string in the node name");
      expect(refusal(() => allocateNodeName("PC{0}{1}{foo}", taken())).message).toBe("PC{0}{1}{foo} is not a valid replacement string in the node name");
    });
  });
});
