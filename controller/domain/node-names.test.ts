import { describe, expect, it } from "vitest";
import { DomainError } from "./errors";
import { allocateNodeName } from "./node-names";

function refusal(run: () => unknown): { violation: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { violation: error.violation, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

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
