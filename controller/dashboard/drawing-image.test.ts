import { describe, expect, it } from "vitest";
import { drawingImageUrl, drawingSize, withNamespaces } from "./drawing-image";

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
