import { chartCeiling, formatQuantity, polylinePoints, type TimedValue } from "../chart-geometry";
import { html, svg } from "./elements";

export interface Series {
  name: string;
  /** One of the chart palette's classes (series-0 … series-7). */
  tone: number;
  values: readonly TimedValue[];
}

const WIDTH = 300;
const HEIGHT = 60;

/**
 * A small line chart of the last `windowMs` up to `now`: one line per series, the top value
 * on the left, and a legend giving each series' latest value.
 */
export function lineChart(title: string, unit: string, series: readonly Series[], now: number, windowMs: number): HTMLElement {
  const ceiling = chartCeiling(series.flatMap((line) => line.values.map((point) => point.value)));
  const frame = { now, windowMs, width: WIDTH, height: HEIGHT, ceiling };
  const legend = html(
    "ul",
    { class: "legend" },
    ...series.map((line) => html("li", { class: `series-${line.tone}` }, `${line.name} ${formatQuantity(line.values.at(-1)?.value ?? 0, unit)}`)),
  );
  const drawing = svg(
    "svg",
    { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "chart", role: "img", "aria-label": `${title}, last ${windowMs / 60_000} minutes` },
    svg("line", { x1: 0, y1: HEIGHT, x2: WIDTH, y2: HEIGHT, class: "axis" }),
    svg("text", { x: 2, y: 10, class: "ceiling" }, formatQuantity(ceiling, unit)),
    ...series.map((line) => svg("polyline", { points: polylinePoints(line.values, frame), class: `series-${line.tone}` })),
  );
  return html("figure", { class: "chart-box" }, html("figcaption", {}, title), drawing, legend);
}
