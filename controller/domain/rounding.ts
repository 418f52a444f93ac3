/** Python's `round(value)`: to the nearest integer, halves to the even one. */
export function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  return value - floor === 0.5 ? (floor % 2 === 0 ? floor : floor + 1) : Math.round(value);
}
