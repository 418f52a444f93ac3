import { describe, expect, it } from "vitest";
import { freeProjectName } from "./project-names";

describe("freeProjectName", () => {
  it("keeps a free name, and otherwise takes the first free {name}-N, as GNS3 does", () => {
    expect(freeProjectName("lab", new Set())).toBe("lab");
    expect(freeProjectName("lab", new Set(["lab"]))).toBe("lab-1");
    expect(freeProjectName("lab", new Set(["lab", "lab-1", "lab-3"]))).toBe("lab-2");
    expect(freeProjectName("lab-1", new Set(["lab-1"]))).toBe("lab-1-1");
  });
});
