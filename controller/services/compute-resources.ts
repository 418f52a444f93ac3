import type { QemuBinary } from "@shared/schemas/compute";
import type { ControllerDeps } from "../deps";
import { dockerFactsRecord, loadHostFacts } from "./host-facts";
import type { DataplaneHostRecord } from "../dataplane/host-records";
import { assertImageUploads, computePortsToWire, imageListSource, networkInterfaceToWire, type ComputePortsWire, type NetworkInterfaceWire } from "../domain/compute-resources";
import { LOCAL_COMPUTE_ID } from "../domain/computes";
import { dockerImages, type DockerFactsRecord } from "../domain/docker-host";
import type { ImageWire } from "../domain/images";
import { binariesForArchs, qemuCapabilities } from "../domain/qemu-host";
import { keys } from "../store/keys";
import { loadComputeRecord } from "./computes";
import { listImages, uploadImage } from "./images";
import { CONSOLE_PORT_RANGE } from "@shared/schemas/compute";
import { claimedPorts, unavailableConsolePorts } from "./nodes";
import type { IncomingUpload } from "./upload-limit";

/**
 * What GNS3's controller asks a compute on a client's behalf (`/v2/computes/{id}/…`). Every
 * compute here shares the controller's image store, so the images are the same on each.
 */

/** An emulator's images on the compute: files of the store, or (Docker) its engine's images. */
export async function listComputeImages(deps: ControllerDeps, computeId: string, emulator: string): Promise<ImageWire[] | Array<{ image: string }>> {
  await loadComputeRecord(deps, computeId);
  if (imageListSource(emulator) === "engine") return dockerImages(computeId, await engineNow(deps, computeId));
  return (await listImages(deps)).sort((a, b) => (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : 0));
}

/**
 * The compute's Docker Engine as its daemon reads it now, as GNS3's compute asks its engine at
 * each listing (an image pulled a moment ago is listed); what the daemon last reported when it
 * does not answer (an older daemon, a host not connected), nothing for a host never seen.
 */
async function engineNow(deps: ControllerDeps, computeId: string): Promise<DockerFactsRecord | undefined> {
  const asked = await deps.dataplane?.dockerFacts(computeId);
  if (asked === "absent") return undefined;
  if (asked) return dockerFactsRecord(asked);
  return (await loadHostFacts(deps, computeId))?.docker;
}

export async function uploadComputeImage(deps: ControllerDeps, computeId: string, emulator: string, filename: string, upload: IncomingUpload): Promise<void> {
  await loadComputeRecord(deps, computeId);
  assertImageUploads(emulator, filename);
  await uploadImage(deps, filename, upload);
}

/**
 * Console ports the compute cannot give a new node (claimed by nodes, or held by another program
 * on its host, as its daemon reports), and the UDP ports claimed on its host for tunnels between hosts.
 */
export async function computePorts(deps: ControllerDeps, computeId: string): Promise<ComputePortsWire> {
  await loadComputeRecord(deps, computeId);
  const host = await deps.store.get<DataplaneHostRecord>(keys.dataplaneHost(computeId));
  return computePortsToWire({
    consoleRange: [CONSOLE_PORT_RANGE.first, CONSOLE_PORT_RANGE.last],
    consolePorts: [...(await unavailableConsolePorts(deps, computeId))],
    udpRange: host ? [host.udp_port_min, host.udp_port_max] : undefined,
    udpPorts: await claimedPorts(deps, keys.tunnelPortsPrefix(computeId)),
  });
}

/**
 * The QEMU binaries of the compute's machine, as its daemon reported them, for the
 * architectures asked (all when none is). `local` without a daemon's report lists the
 * controller's own machine's, read now; another compute whose daemon never reported lists none.
 */
export async function qemuBinaries(deps: ControllerDeps, computeId: string, archs?: readonly string[]): Promise<QemuBinary[]> {
  await loadComputeRecord(deps, computeId);
  const facts = await loadHostFacts(deps, computeId);
  if (facts) return binariesForArchs(facts.qemu_binaries, archs);
  if (computeId !== LOCAL_COMPUTE_ID || !deps.localHost) return [];
  return binariesForArchs(await deps.localHost.qemuBinaries(), archs);
}

/**
 * The compute's network interfaces as GNS3's compute lists them, from what its daemon reported;
 * `local` without a report lists the controller's own machine's, and another compute whose
 * daemon never reported lists none (Workers: none either, having no machine of their own).
 */
export async function computeNetworkInterfaces(deps: ControllerDeps, computeId: string): Promise<NetworkInterfaceWire[]> {
  await loadComputeRecord(deps, computeId);
  const reported = (await loadHostFacts(deps, computeId))?.interfaces;
  const found = reported ?? (computeId === LOCAL_COMPUTE_ID && deps.localHost ? await deps.localHost.networkInterfaces() : []);
  return found.map(networkInterfaceToWire);
}

/** The platforms KVM accelerates on the compute's machine (GNS3's `{"kvm": [...]}`); none until its daemon reported. */
export async function qemuCapabilitiesOf(deps: ControllerDeps, computeId: string): Promise<{ kvm: string[] }> {
  await loadComputeRecord(deps, computeId);
  return qemuCapabilities(await loadHostFacts(deps, computeId));
}
