/**
 * How long a Docker node takes to be reachable, beside what Docker itself takes to run the
 * same container: (1) one node, from `POST …/start` to the first ping the container answers
 * over its lab link (its eth0 a TAP of ours, addressed by our init from its
 * etc/network/interfaces, through a switch to a cloud TAP port on the host), against
 * `docker run -d --network none` of the same image returning with the container running;
 * (2) a start-all of COUNT nodes (`POST /projects/{id}/nodes/start`) until every one answers,
 * against COUNT `docker run -d` at once. Needs root and a Docker Engine at DOCKER_HOST.
 * Run: npm run bench -- docker
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { startControllerProcess } from "../controller/testing/controller-process";
import { TEST_IMAGE, ensureTestImage } from "../dataplane/docker/testing";

const run = promisify(execFile);
const COUNT = Number(process.env.BENCH_CONTAINERS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const subnet = `10.219.${200 + (process.pid % 50)}`;

type Api = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

function apiAt(url: string): Api {
  return async (method, path, body) => {
    const response = await fetch(`${url}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}

async function until(what: string, probe: () => boolean | Promise<boolean>): Promise<void> {
  const began = performance.now();
  while (!(await probe())) {
    if (performance.now() - began > 30_000) throw new Error(`no ${what} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function answers(address: string): Promise<boolean> {
  return run("ping", ["-c", "1", "-W", "0.2", address]).then(
    () => true,
    () => false,
  );
}

async function untilAnswered(address: string, began: number): Promise<number> {
  while (!(await answers(address))) {
    if (performance.now() - began > 60_000) throw new Error(`${address} did not answer within 60 s`);
  }
  return performance.now() - began;
}

/** `docker run -d` of COUNT containers at once (or one): ms until every command returned with its container running. */
async function dockerRuns(count: number): Promise<number> {
  const names = Array.from({ length: count }, (_, index) => `bench-docker-${process.pid}-${index}`);
  const began = performance.now();
  await Promise.all(names.map((name) => run("docker", ["run", "-d", "--network", "none", "--name", name, TEST_IMAGE, "sleep", "3600"])));
  const took = performance.now() - began;
  await run("docker", ["rm", "-f", ...names]);
  return took;
}

async function labNodes(api: Api, projectId: string, tap: string): Promise<Array<{ node_id: string; address: string }>> {
  const nodes = `/v2/projects/${projectId}/nodes`;
  const ports = Array.from({ length: COUNT + 1 }, (_, index) => ({ name: `Ethernet${index}`, port_number: index, type: "access", vlan: 1, ethertype: "" }));
  const sw = (await api("POST", nodes, { name: "SW1", node_type: "ethernet_switch", compute_id: "local", properties: { ports_mapping: ports } })).body;
  const cloud = (await api("POST", nodes, { name: "Host", node_type: "cloud", compute_id: "local", properties: { ports_mapping: [{ name: tap, port_number: 0, type: "tap", interface: tap }] } })).body;
  const link = (a: string, b: string, port: number) =>
    api("POST", `/v2/projects/${projectId}/links`, { nodes: [{ node_id: a, adapter_number: 0, port_number: 0 }, { node_id: b, adapter_number: 0, port_number: port }] });
  await link(cloud.node_id, sw.node_id, COUNT);
  await until(`the cloud's TAP ${tap}`, () => existsSync(`/sys/class/net/${tap}`));
  const made: Array<{ node_id: string; address: string }> = [];
  for (let index = 0; index < COUNT; index++) {
    const node = (await api("POST", nodes, { name: "bench-{0}", node_type: "docker", compute_id: "local", properties: { image: TEST_IMAGE } })).body;
    const address = `${subnet}.${index + 1}`;
    made.push({ node_id: node.node_id, address });
    await link(node.node_id, sw.node_id, index);
  }
  return made;
}

await ensureTestImage();
const dataDir = mkdtempSync(join(tmpdir(), "bench-docker-"));
const controller = await startControllerProcess(["--port", "0", "--data-dir", dataDir]);
const tap = `bdtap${process.pid % 100_000}`;
try {
  const api = apiAt(controller.url);
  const projectId = (await api("POST", "/v2/projects", { name: "bench docker" })).body.project_id;
  const nodes = await labNodes(api, projectId, tap);
  for (const node of nodes) {
    const config = `auto eth0\niface eth0 inet static\n\taddress ${node.address}\n\tnetmask 255.255.255.0\n`;
    await fetch(`${controller.url}/v2/projects/${projectId}/nodes/${node.node_id}/files/etc/network/interfaces`, { method: "POST", body: config });
  }
  execFileSync("ip", ["addr", "add", `${subnet}.254/24`, "dev", tap]);
  execFileSync("ip", ["link", "set", tap, "up"]);

  const one = nodes[0]!;
  const nodePath = `/v2/projects/${projectId}/nodes/${one.node_id}`;
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const began = performance.now();
    const started = await api("POST", `${nodePath}/start`);
    if (started.status !== 200) throw new Error(`start answered ${started.status}: ${JSON.stringify(started.body)}`);
    ours.push(await untilAnswered(one.address, began));
    await api("POST", `${nodePath}/stop`);
    theirs.push(await dockerRuns(1));
  }
  console.log(`one container: POST start → first ping answered over its lab link: median ${median(ours).toFixed(0)} ms (${ours.map((ms) => ms.toFixed(0)).join(", ")})`);
  console.log(`reference, docker run -d --network none (no network to reach): median ${median(theirs).toFixed(0)} ms (${theirs.map((ms) => ms.toFixed(0)).join(", ")})`);
  console.log(`ratio ours/docker run: ${(median(ours) / median(theirs)).toFixed(2)}`);

  const began = performance.now();
  const all = await api("POST", `/v2/projects/${projectId}/nodes/start`);
  if (all.status !== 204) throw new Error(`start-all answered ${all.status}: ${JSON.stringify(all.body)}`);
  const answered = performance.now() - began;
  const reachable = Math.max(...(await Promise.all(nodes.map((node) => untilAnswered(node.address, began)))));
  const startAllRef = await dockerRuns(COUNT);
  console.log(`start-all of ${COUNT} containers: answered in ${answered.toFixed(0)} ms, every one answering ping after ${reachable.toFixed(0)} ms`);
  console.log(`reference, ${COUNT} docker run -d at once: ${startAllRef.toFixed(0)} ms; ratio ${(reachable / startAllRef).toFixed(2)}`);
  await api("DELETE", `/v2/projects/${projectId}`);
} finally {
  await controller.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
