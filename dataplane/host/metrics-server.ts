import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { renderLinkMetrics, type LinkMetrics } from "../metrics/prometheus";

/** Serves `GET /metrics` (Prometheus text) on loopback-or-given address; nothing else. */
export async function startMetricsServer(port: number, host: string, links: () => LinkMetrics[]): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.method !== "GET" || request.url !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found: try GET /metrics\n");
      return;
    }
    response.writeHead(200, { "content-type": "text/plain; version=0.0.4" }).end(renderLinkMetrics(links()));
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, host, () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
