import { describe, expect, it } from "vitest";
import { drawingBounds, drawingImageUrl, drawingSize, withNamespaces } from "./drawing-image";

const RECT = '<svg height="100" width="200"><rect fill="#ffffff" height="100" width="200" /></svg>';

describe("withNamespaces", () => {
  it("declares the SVG namespace GNS3 clients leave out, on the root only", () => {
    expect(withNamespaces(RECT)).toBe('<svg xmlns="http://www.w3.org/2000/svg" height="100" width="200"><rect fill="#ffffff" height="100" width="200" /></svg>');
  });

  it("keeps a drawing that declares it as it is", () => {
    const declared = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
    expect(withNamespaces(declared)).toBe(declared);
  });

  it("declares xlink when the drawing uses it", () => {
    const image = '<svg width="10" height="10"><image xlink:href="data:image/png;base64,AA==" /></svg>';
    expect(withNamespaces(image)).toContain('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10"');
  });

  it("leaves text with no svg element alone", () => {
    expect(withNamespaces("not a drawing")).toBe("not a drawing");
  });
});

describe("drawingImageUrl", () => {
  it("is a data: URL with the drawing's markup characters escaped", () => {
    const url = drawingImageUrl('<svg width="1" height="1"><text>"><script>alert(1)</script></text></svg>');
    expect(url.startsWith("data:image/svg+xml;charset=utf-8,")).toBe(true);
    expect(url).not.toMatch(/[<>" ]/);
    expect(decodeURIComponent(url.slice(url.indexOf(",") + 1))).toContain("<script>alert(1)</script>");
  });
});

describe("drawingSize", () => {
  it("reads the root's width and height, plain or in px", () => {
    expect(drawingSize(RECT)).toEqual({ width: 200, height: 100 });
    expect(drawingSize("<svg width='12.5px' height=\"7\"><rect width='999' height='999'/></svg>")).toEqual({ width: 12.5, height: 7 });
  });

  it("is undefined when either is missing or not a length it can place", () => {
    expect(drawingSize('<svg width="100"><rect height="5"/></svg>')).toBeUndefined();
    expect(drawingSize('<svg width="50%" height="10"/>')).toBeUndefined();
    expect(drawingSize("nothing")).toBeUndefined();
  });
});

describe("drawingBounds", () => {
  const rounded = (box: { x: number; y: number; width: number; height: number }) =>
    Object.fromEntries(Object.entries(box).map(([key, value]) => [key, Math.round(value * 1000) / 1000]));

  it("is the drawing's own box when it is not rotated", () => {
    expect(drawingBounds({ svg: RECT, x: 10, y: -20 })).toEqual({ x: 10, y: -20, width: 200, height: 100 });
    expect(drawingBounds({ svg: RECT, x: 10, y: -20, rotation: 0 })).toEqual({ x: 10, y: -20, width: 200, height: 100 });
  });

  it("covers the drawing turned clockwise about its top-left corner, as GNS3 turns it", () => {
    expect(rounded(drawingBounds({ svg: RECT, x: 0, y: 0, rotation: 90 }))).toEqual({ x: -100, y: 0, width: 100, height: 200 });
    expect(rounded(drawingBounds({ svg: RECT, x: 0, y: 0, rotation: -90 }))).toEqual({ x: 0, y: -200, width: 100, height: 200 });
    expect(rounded(drawingBounds({ svg: RECT, x: 0, y: 0, rotation: 180 }))).toEqual({ x: -200, y: -100, width: 200, height: 100 });
    const diagonal = rounded(drawingBounds({ svg: RECT, x: 0, y: 0, rotation: 45 }));
    expect(diagonal).toEqual({ x: -70.711, y: 0, width: 212.132, height: 212.132 });
  });

  it("is the corner alone for a drawing of unknown size", () => {
    expect(drawingBounds({ svg: "<svg/>", x: 5, y: 6, rotation: 30 })).toEqual({ x: 5, y: 6, width: 0, height: 0 });
  });
});
