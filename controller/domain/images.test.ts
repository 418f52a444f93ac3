import { describe, expect, it } from "vitest";
import { imageToWire, isListedImage, isMd5Hex } from "./images";

describe("image listing rules", () => {
  it.each([
    ["linux.qcow2", true],
    ["vendor/os/router.img", true],
    ["linux.qcow2.md5sum", false],
    [".hidden.img", false],
    ["vendor/.cache/router.img", false],
  ])("lists %j: %s", (path, listed) => {
    expect(isListedImage(path)).toBe(listed);
  });

  it.each([
    ["d41d8cd98f00b204e9800998ecf8427e", true],
    ["D41D8CD98F00B204E9800998ECF8427E", false],
    ["d41d8cd98f00b204e9800998ecf8427e\n", false],
    ["d41d8cd98f00b204e9800998ecf8427", false],
    ["not a checksum at all, not at all", false],
  ])("trusts the sidecar text %j: %s", (text, trusted) => {
    expect(isMd5Hex(text)).toBe(trusted);
  });

  it("names an image by its base name, with keys in GNS3's order", () => {
    const wire = imageToWire("vendor/os/router.img", 12, "d41d8cd98f00b204e9800998ecf8427e");
    expect(wire).toEqual({ filename: "router.img", filesize: 12, md5sum: "d41d8cd98f00b204e9800998ecf8427e", path: "vendor/os/router.img" });
    expect(Object.keys(wire)).toEqual(["filename", "filesize", "md5sum", "path"]);
  });
});
