/**
 * What waiting for the dataplane costs a write on a host that runs many links: a link's
 * filter change answers only once the local daemon applied it, while a change of the same
 * link's style (no dataplane effect) answers after its commit alone. Both run against
 * `npm start` and its real daemon, which first gets 1,000 links between switches
 * (BENCH_HOST_LINKS), one request at a time, interleaved so machine noise hits both alike.
 * Target: filter changes p99 < 10 ms.
 * Run: npm run bench -- acknowledged-writes
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TOPOLOGY_FILE_DELAY_MS } from "../controller/services/topology-file";
import { startControllerProcess } from "../controller/testing/controller-process";
import { apiAt, createCloudPath, waitForApplied } from "../dataplane/e2e/cloud-lab";
import { UdpPeer } from "../dataplane/e2e/udp-traffic";
import { summary } from "../controller/testing/latencies";
import { createLinks, switchProject } from "./switch-project";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1000);
const HOST_LINKS = Number(process.env.BENCH_HOST_LINKS ?? 1000);

const dataDir = mkdtempSync(join(tmpdir(), "bench-acks-"));
const controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir]);
const peers = [await UdpPeer.open(), await UdpPeer.open()] as const;
try {
  const api = apiAt(controller.url);
  await waitForApplied(api, "local");
  await createLinks(controller.url, await switchProject(controller.url, "host-links", HOST_LINKS), HOST_LINKS);
  const path = await createCloudPath(api, [{ computeId: "local", peer: peers[0] }, { computeId: "local", peer: peers[1] }]);
  const linkPath = `/v2/projects/${path.projectId}/links/${path.linkIds[0]}`;
  // The big project's .gns3 file is written once, a second after it was built, holding the
  // event loop for ~30 ms: the steady state is measured after it, not across it.
  await new Promise((resolve) => setTimeout(resolve, TOPOLOGY_FILE_DELAY_MS + 1000));
  const timed = async (body: unknown): Promise<number> => {
    const began = performance.now();
    const answer = await api("PUT", linkPath, body);
    if (answer.status !== 201) throw new Error(`PUT ${linkPath} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return performance.now() - began;
  };
  const filters: number[] = [];
  const styles: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    filters.push(await timed({ filters: round % 2 === 0 ? { packet_loss: [100] } : {} }));
    styles.push(await timed({ link_style: { color: round % 2 === 0 ? "#ff0000" : "#00ff00", width: 2, type: 1 } }));
  }
  const filter = summary(filters);
  const style = summary(styles);
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log(`filter change, answered after the daemon's ack: p50 ${ms(filter.p50)}, p99 ${ms(filter.p99)}, max ${ms(filter.max)} (${ROUNDS} changes)`);
  console.log(`style change, no dataplane effect (reference): p50 ${ms(style.p50)}, p99 ${ms(style.p99)}, max ${ms(style.max)}`);
  console.log(`ratio filter/style: p50 ${(filter.p50 / style.p50).toFixed(2)}, p99 ${(filter.p99 / style.p99).toFixed(2)}; p99 under 10 ms: ${filter.p99 < 10 ? "yes" : "NO"} (host running ${HOST_LINKS + 1} links)`);
} finally {
  await Promise.all(peers.map((peer) => peer.close()));
  await controller.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
