/**
 * Kernel objects for tests: network namespaces, veth pairs and TAP devices with names no other
 * test (or test run) uses, removed after the test whether it passed or not. Traffic stays
 * between them.
 */
import { execFileSync } from "node:child_process";
import { interfaceExists } from "./interfaces";

let made = 0;

/** A name of at most 15 characters, unique to this process and call. */
export function scratchName(prefix: string): string {
  made += 1;
  return `${prefix}${process.pid.toString(36)}${made.toString(36)}`.slice(-15);
}

export function run(command: string, ...args: string[]): string {
  return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** Runs a command inside network namespace `namespace`. */
export function inNamespace(namespace: string, command: string, ...args: string[]): string {
  return run("ip", "netns", "exec", namespace, command, ...args);
}

/** Why this process cannot make namespaces and interfaces, or null when it can. */
export function hostNetworkUnavailable(): string | null {
  if (process.getuid?.() !== 0) return "needs root (CAP_NET_ADMIN) to create namespaces and interfaces";
  try {
    run("ip", "-V");
  } catch {
    return "needs iproute2's ip";
  }
  return null;
}

export interface ScratchNetwork {
  /** A new network namespace (`ip netns add`), removed with everything in it. */
  namespace(): string;
  /**
   * A dummy interface, up, in this namespace, to hold an address of the host; an empty bridge
   * where the kernel lacks the dummy driver (its addresses are the host's just the same).
   */
  dummy(): string;
  /** A bridge, up, in this namespace: several namespaces' veths on it make one network. */
  bridge(): string;
  /** A veth pair: `outside` in this namespace, `inside` moved into `namespace` when given. */
  veth(namespace?: string): { outside: string; inside: string };
  /** A veth pair between two namespaces, up, offloads off. */
  link(namespaceA: string, namespaceB: string): { a: string; b: string };
  /** Removes what it made, newest first. */
  remove(): void;
}

export function scratchNetwork(): ScratchNetwork {
  const undo: Array<() => void> = [];
  const quietly = (command: string, ...args: string[]) => () => {
    try {
      run(command, ...args);
    } catch {
      // Gone with its namespace, or never made.
    }
  };
  return {
    namespace() {
      const name = scratchName("gt-ns");
      run("ip", "netns", "add", name);
      undo.push(quietly("ip", "netns", "delete", name));
      run("ip", "netns", "exec", name, "ip", "link", "set", "lo", "up");
      return name;
    },
    dummy() {
      const name = scratchName("gtd");
      try {
        run("ip", "link", "add", name, "type", "dummy");
      } catch {
        run("ip", "link", "add", name, "type", "bridge");
      }
      undo.push(quietly("ip", "link", "delete", name));
      run("ip", "link", "set", name, "up");
      return name;
    },
    bridge() {
      const name = scratchName("gtb");
      run("ip", "link", "add", name, "type", "bridge");
      undo.push(quietly("ip", "link", "delete", name));
      run("ip", "link", "set", name, "up");
      return name;
    },
    veth(namespace) {
      const outside = scratchName("gto");
      const inside = scratchName("gti");
      run("ip", "link", "add", outside, "type", "veth", "peer", "name", inside, ...(namespace ? ["netns", namespace] : []));
      undo.push(() => {
        if (interfaceExists(outside)) quietly("ip", "link", "delete", outside)();
      });
      // Offloads would hand a reader frames larger than the MTU, with checksums left to a NIC.
      for (const [where, name] of [[undefined, outside], [namespace, inside]] as const) {
        const exec = (...command: string[]) => (where ? inNamespace(where, ...(command as [string, ...string[]])) : run(...(command as [string, ...string[]])));
        exec("ethtool", "-K", name, "tx", "off", "tso", "off", "gso", "off", "gro", "off");
        exec("ip", "link", "set", name, "up");
      }
      return { outside, inside };
    },
    link(namespaceA, namespaceB) {
      const a = scratchName("gtl");
      const b = scratchName("gtl");
      run("ip", "link", "add", a, "netns", namespaceA, "type", "veth", "peer", "name", b, "netns", namespaceB);
      for (const [namespace, name] of [[namespaceA, a], [namespaceB, b]] as const) {
        inNamespace(namespace, "ethtool", "-K", name, "tx", "off", "tso", "off", "gso", "off", "gro", "off");
        inNamespace(namespace, "ip", "link", "set", name, "up");
      }
      return { a, b };
    },
    remove() {
      for (const step of undo.splice(0).reverse()) step();
    },
  };
}
