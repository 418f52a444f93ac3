/** The body length a request announces, or undefined when it does not (chunked, or no body). */
export function declaredLength(request: Request): number | undefined {
  const header = request.headers.get("content-length");
  if (header === null || !/^\s*\d+\s*$/.test(header)) return undefined;
  return Number(header);
}
