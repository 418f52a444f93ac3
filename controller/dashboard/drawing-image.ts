/**
 * A drawing's `svg` (a shape, a text, an image a GNS3 client made) shown on the page only as an
 * image: a `data:` URL an SVG `<image>` points at. An SVG loaded as an image runs no script and
 * fetches nothing, so a drawing cannot act on the page, whatever its text holds; its text is
 * never parsed into the page's own markup.
 */

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";
const XLINK_NAMESPACE = "http://www.w3.org/1999/xlink";

/** The first `<svg …>` tag: GNS3 clients write drawings as one root element, sometimes after an XML declaration. */
const ROOT_TAG = /<svg\b([^>]*)>/;

export interface DrawingSize {
  width: number;
  height: number;
}

/**
 * The image's URL. GNS3 clients often leave out the namespace declarations, which their own
 * renderers forgive and a browser loading the text as an image does not: they are added.
 */
export function drawingImageUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(withNamespaces(svg))}`;
}

export function withNamespaces(svg: string): string {
  const root = ROOT_TAG.exec(svg);
  if (!root) return svg;
  const attributes = root[1] ?? "";
  let added = "";
  if (!/\sxmlns\s*=/.test(attributes)) added += ` xmlns="${SVG_NAMESPACE}"`;
  if (svg.includes("xlink:") && !/\sxmlns:xlink\s*=/.test(attributes)) added += ` xmlns:xlink="${XLINK_NAMESPACE}"`;
  if (added === "") return svg;
  const at = root.index + "<svg".length;
  return svg.slice(0, at) + added + svg.slice(at);
}

/** The root's `width` and `height` (plain or in px), which GNS3 clients always write; undefined when either is missing. */
export function drawingSize(svg: string): DrawingSize | undefined {
  const attributes = ROOT_TAG.exec(svg)?.[1] ?? "";
  const length = (name: string) => {
    const value = new RegExp(`\\s${name}\\s*=\\s*["']\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(?:px)?\\s*["']`).exec(attributes)?.[1];
    return value === undefined ? undefined : Number(value);
  };
  const width = length("width");
  const height = length("height");
  return width !== undefined && height !== undefined ? { width, height } : undefined;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The upright box a drawing covers on the canvas: its size turned by `rotation` degrees about
 * its top-left corner, as GNS3 clients turn it. A drawing of unknown size covers its corner only.
 */
export function drawingBounds(drawing: { svg: string; x: number; y: number; rotation?: number }): Box {
  const { width, height } = drawingSize(drawing.svg) ?? { width: 0, height: 0 };
  const radians = ((drawing.rotation ?? 0) * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  const corners = [
    { dx: 0, dy: 0 },
    { dx: width, dy: 0 },
    { dx: 0, dy: height },
    { dx: width, dy: height },
  ].map(({ dx, dy }) => ({ x: drawing.x + dx * cos - dy * sin, y: drawing.y + dx * sin + dy * cos }));
  const xs = corners.map((corner) => corner.x);
  const ys = corners.map((corner) => corner.y);
  const [left, top] = [Math.min(...xs), Math.min(...ys)];
  return { x: left, y: top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}
