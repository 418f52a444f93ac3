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
