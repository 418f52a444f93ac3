/**
 * The one line for people after the JSON start-up lines: where the dashboard and the API are,
 * and how to stop. `url` is what the server listens on; `dashboard` the path of the dashboard.
 */
export function whereToGo(url: string, dashboard: string): string {
  // A server on every address is reached on this machine at loopback.
  const base = url.replace("//0.0.0.0:", "//127.0.0.1:").replace("//[::]:", "//[::1]:");
  return `Dashboard ${base}${dashboard} · API ${base}/v2 · Ctrl-C stops everything`;
}
