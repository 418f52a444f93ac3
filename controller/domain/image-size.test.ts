import { describe, expect, it } from "vitest";
import { InvalidImage, imageSize } from "./image-size";

const text = (value: string) => new TextEncoder().encode(value);

function png(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

function jpeg(width: number, height: number): Uint8Array {
  // SOI, an APP0 segment of 16 bytes, then SOF0: length, precision, height, width.
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...new Array(14).fill(0)];
  return Uint8Array.from([0xff, 0xd8, ...app0, 0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 3]);
}

describe("imageSize", () => {
  it("reads PNG, GIF and JPEG headers", () => {
    expect(imageSize(png(300, 120))).toEqual({ width: 300, height: 120, type: "png" });
    expect(imageSize(Uint8Array.from([...text("GIF89a"), 40, 1, 30, 0]))).toEqual({ width: 296, height: 30, type: "gif" });
    expect(imageSize(jpeg(640, 480))).toEqual({ width: 640, height: 480, type: "jpg" });
  });

  it.each([
    ['<svg width="65.41" height="59.25"/>', 65, 59],
    ['<?xml version="1.0"?>\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" height="44.5159" width="66.000435"></svg>', 66, 45],
    ['<svg width="4.5009999cm" height="2.0009999cm" viewBox="0.2 0.149 4.7 2.151"/>', 159, 71],
    ['<svg width="2.5" height="3.5"/>', 2, 4],
    ['<svg width="10pt" height="1in"/>', 12, 90], // 12.5 rounds to even
    ['<svg viewBox="0 0 120 80"/>', 120, 80],
    ['<svg width="50%" height="100" viewBox="0,0,120,80"/>', 60, 100],
    ["<svg width='1_0' height=' 7 '/>", 10, 7],
    ['<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd" [ <!ENTITY a "b"> ]><svg width="8" height="9"/>', 8, 9],
  ])("reads an SVG's size from its root element as GNS3 does: %s", (svg, width, height) => {
    expect(imageSize(text(svg))).toEqual({ width, height, type: "svg" });
  });

  it.each([
    ['<svg width="10"/> ', "Invalid SVG file: missing viewBox attribute"],
    ['<svg width="x" height="1"/>', 'Invalid SVG file: could not convert string to float: "x"'],
    ['<svg width="10%" height="1" viewBox="1 2 3"/>', "Invalid SVG file: the viewBox has 3 values, not 4"],
    ["<svg width=10 height=10/>", "Invalid SVG file"],
    ["<?xml version='1.0'", "Invalid SVG file"],
  ])("refuses an SVG GNS3 cannot size: %s", (svg, message) => {
    expect(() => imageSize(text(svg))).toThrow(new InvalidImage(message));
  });

  it("refuses a JPEG whose segments run out or walk backwards, instead of looping", () => {
    expect(() => imageSize(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toThrow(InvalidImage);
    expect(() => imageSize(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0xff, 0xe0, 0x00, 0x01]))).toThrow(InvalidImage);
  });

  it("gives files of no known type a size of 0×0 and no type, as GNS3", () => {
    expect(imageSize(text("just some text, long enough"))).toEqual({ width: 0, height: 0, type: null });
    expect(imageSize(text(" <svg width='1' height='1'/>"))).toEqual({ width: 0, height: 0, type: null });
    expect(imageSize(new Uint8Array())).toEqual({ width: 0, height: 0, type: null });
  });
});
