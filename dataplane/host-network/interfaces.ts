/**
 * Facts about this host's interfaces and the one change the daemon makes to a link itself
 * (through the addon's rtnetlink call): move it into a namespace, rename it, set its MAC, put
 * it in a bridge, bring it up.
 */
import { existsSync } from "node:fs";
import { udpPath } from "../forwarding/native-udp";

const SYS_CLASS_NET = "/sys/class/net";

export function interfaceExists(name: string): boolean {
  return name !== "" && !name.includes("/") && existsSync(`${SYS_CLASS_NET}/${name}`);
}

/** A Linux bridge: a cloud plugs into it with a TAP of its own, as GNS3 does, not with a socket on the bridge. */
export function isBridge(name: string): boolean {
  return interfaceExists(name) && existsSync(`${SYS_CLASS_NET}/${name}/bridge`);
}

export interface LinkChange {
  /** Into the network namespace of this process… */
  netnsPid?: number;
  /** …or the one at this path (`/run/netns/NAME`, `/proc/PID/ns/net`). */
  netnsPath?: string;
  /** Its name there (a name taken in the namespace is an error). */
  rename?: string;
  mac?: string;
  /** A bridge to enslave it to. */
  master?: string;
  up?: boolean;
}

/** Applies `change` to interface `name` in one request; throws an Error naming the interface and the errno. */
export function changeLink(name: string, change: LinkChange): void {
  const path = udpPath();
  if (path.kind !== "native") throw new Error(`changing interface ${name} needs the dataplane's native addon, which this daemon runs without (${path.reason})`);
  path.addon.setLink(name, change.netnsPid ?? 0, change.netnsPath ?? "", change.rename ?? "", change.mac ?? "", change.master ?? "", change.up ?? false);
}
