import type { ControllerDeps } from "../deps";
import { tunnelEndsFor, type HostStateContext, type ProjectRecords } from "./desired-state";
import { claimTunnelPorts, loadHostRecords, tunnelPortKey } from "./host-records";
import { loadQemuImageSums } from "./qemu-images";
import { loadStartupScripts, startupScriptKey } from "./startup-scripts";

/**
 * What building `hostId`'s specs from `projects` needs beyond the records: the hosts' tunnel
 * addresses and ports (claimed on the way), the started nodes' startup files, the images' md5s.
 * `projects` may hold only the items a push looks at: nothing else is read.
 */
export async function hostStateContext(deps: ControllerDeps, hostId: string, projects: readonly ProjectRecords[]): Promise<HostStateContext> {
  const hosts = await loadHostRecords(deps);
  const ports = await claimTunnelPorts(deps, tunnelEndsFor(hostId, projects), hosts);
  const scripts = await loadStartupScripts(deps, hostId, projects);
  const imageSums = await loadQemuImageSums(deps, hostId, projects);
  return {
    hostId,
    projects,
    tunnelPort: (projectId, linkId, host) => ports.get(tunnelPortKey(projectId, linkId, host)),
    tunnelAddress: (host) => hosts.get(host)?.tunnel_address,
    startupScript: (projectId, nodeId) => scripts.get(startupScriptKey(projectId, nodeId)),
    imageMd5: (name) => imageSums.get(name),
  };
}
