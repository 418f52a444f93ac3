import { describe, expect, it } from "vitest";
import { shownPositions } from "./node-layout";

describe("where the dashboard draws nodes", () => {
  it("draws a node alone at its position where it is", () => {
    expect(shownPositions([{ node_id: "a", x: 10, y: 20, width: 60 }, { node_id: "b", x: 200, y: 20, width: 60 }])).toEqual(
      new Map([
        ["a", { x: 10, y: 20 }],
        ["b", { x: 200, y: 20 }],
      ]),
    );
  });

  it("spreads nodes that share a position into a row centred on it, in the order of their ids, apart by their widest symbol", () => {
    const shown = shownPositions([
      { node_id: "c", x: 0, y: 0, width: 65 },
      { node_id: "a", x: 0, y: 0, width: 50 },
      { node_id: "b", x: 0, y: 0, width: 40 },
    ]);
    expect(shown).toEqual(
      new Map([
        ["a", { x: -105, y: 0 }],
        ["b", { x: 0, y: 0 }],
        ["c", { x: 105, y: 0 }],
      ]),
    );
  });
});
