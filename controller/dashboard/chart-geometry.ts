/** A value at a time (milliseconds since the epoch). */
export interface TimedValue {
  at: number;
  value: number;
}

export interface ChartFrame {
  /** The right edge of the chart; the left edge is `windowMs` earlier. */
  now: number;
  windowMs: number;
  width: number;
  height: number;
  /** The value drawn at the top edge. */
  ceiling: number;
}

/** An SVG polyline's `points` for the values inside the frame's window, y growing downwards. */
export function polylinePoints(values: readonly TimedValue[], frame: ChartFrame): string {
  const left = frame.now - frame.windowMs;
  return values
    .filter((point) => point.at >= left && point.at <= frame.now)
    .map((point) => {
      const x = ((point.at - left) / frame.windowMs) * frame.width;
      const y = frame.height - (Math.min(point.value, frame.ceiling) / frame.ceiling) * frame.height;
      return `${round(x)},${round(y)}`;
    })
    .join(" ");
}

/** The smallest 1, 2 or 5 times a power of ten at or above the largest value (1 for none): a readable top. */
export function chartCeiling(values: readonly number[]): number {
  const largest = Math.max(0, ...values);
  if (largest <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(largest));
  return [1, 2, 5, 10].map((step) => step * power).find((step) => step >= largest)!;
}

const PREFIXES = ["", "k", "M", "G", "T"];

/** "1.5 kbit/s", "950 frames/s", "0 frames/s": three significant digits at most, SI prefixes. */
export function formatQuantity(value: number, unit: string): string {
  let scaled = value;
  let prefix = 0;
  while (Math.abs(scaled) >= 1000 && prefix < PREFIXES.length - 1) {
    scaled /= 1000;
    prefix += 1;
  }
  const digits = scaled === 0 || Math.abs(scaled) >= 100 ? 0 : Math.abs(scaled) >= 10 ? 1 : 2;
  return `${Number(scaled.toFixed(digits))} ${PREFIXES[prefix]}${unit}`;
}

const round = (n: number) => Math.round(n * 10) / 10;
