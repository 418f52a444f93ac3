/**
 * `a, b,,c` is `["a", "b", "c"]`: a variable cannot be given twice, so it lists the values.
 * Free of Node modules, so the Worker reads its comma-separated vars with it too.
 */
export function listOf(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}
