import { createServer } from "node:net";

const FIRST = 5000;
const LAST = 10000;
const ATTEMPTS = 50;

/**
 * `count` distinct console ports in the controller's range that nothing on this machine listens
 * on right now, picked at random. Left to the controller, every test's first node gets 5000:
 * two e2e files running side by side (or the daemons of two hosts on one machine) would then
 * both start a console there.
 */
export async function freeConsolePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  for (let attempt = 0; ports.size < count; attempt++) {
    if (attempt >= ATTEMPTS) throw new Error(`no ${count} free console ports found between ${FIRST} and ${LAST} in ${ATTEMPTS} tries`);
    const port = FIRST + Math.floor(Math.random() * (LAST - FIRST + 1));
    if (!ports.has(port) && (await listenable(port))) ports.add(port);
  }
  return [...ports];
}

function listenable(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once("error", () => resolve(false));
    server.listen({ port, host: "0.0.0.0", exclusive: true }, () => server.close(() => resolve(true)));
  });
}
