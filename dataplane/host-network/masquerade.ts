/**
 * The rule that lets a NAT network's hosts out: what leaves the subnet for anywhere else
 * (the host's default route first of all) leaves with the host's address, as libvirt's
 * network does it. nftables where the host has `nft`, iptables otherwise. Each rule is named
 * after the network's bridge, so that one left by a daemon killed outright is found and
 * removed at the next start.
 */
import { hasTool, runTool } from "./commands";

export interface MasqueradeRule {
  backend: "nft" | "iptables";
  /** The nftables table, or the iptables rule's comment. */
  name: string;
  subnet: string;
}

/** `gns3_nat_<bridge>`: a name nft and iptables both take. */
function ruleName(bridge: string): string {
  return `gns3_nat_${bridge.replace(/[^A-Za-z0-9_]/g, "_")}`;
}

function iptablesArgs(rule: MasqueradeRule, action: "-A" | "-D"): string[] {
  return ["-t", "nat", action, "POSTROUTING", "-s", rule.subnet, "!", "-d", rule.subnet, "-m", "comment", "--comment", rule.name, "-j", "MASQUERADE"];
}

/** Adds the rule, with `backend` or the one the host has (nft first), replacing one of the same name. */
export async function addMasquerade(bridge: string, subnet: string, backend?: MasqueradeRule["backend"]): Promise<MasqueradeRule> {
  const rule: MasqueradeRule = { backend: backend ?? ((await hasTool("nft")) ? "nft" : "iptables"), name: ruleName(bridge), subnet };
  if (rule.backend === "iptables" && !(await hasTool("iptables"))) throw new Error("the host has neither nft nor iptables to masquerade with (apt-get install nftables)");
  await removeMasquerade(rule);
  if (rule.backend === "nft") {
    await runTool("nft", ["-f", "-"], [
      `table ip ${rule.name} {`,
      "  chain postrouting {",
      "    type nat hook postrouting priority 100; policy accept;",
      `    ip saddr ${subnet} ip daddr != ${subnet} masquerade`,
      "  }",
      "}",
      "",
    ].join("\n"));
  } else {
    await runTool("iptables", iptablesArgs(rule, "-A"));
  }
  return rule;
}

/** Removes the rule; nothing happens when it is not there. */
export async function removeMasquerade(rule: MasqueradeRule): Promise<void> {
  if (rule.backend === "nft") {
    await runTool("nft", ["delete", "table", "ip", rule.name]).catch(() => undefined);
    return;
  }
  // -D removes one copy: repeated until none is left.
  for (let copies = 0; copies < 16; copies++) {
    if (!(await runTool("iptables", iptablesArgs(rule, "-D")).then(() => true, () => false))) return;
  }
}

/** Whether the rule is in place (for the tests, and for a user's `nft list ruleset`). */
export async function masqueradePresent(rule: MasqueradeRule): Promise<boolean> {
  if (rule.backend === "nft") return runTool("nft", ["list", "table", "ip", rule.name]).then(() => true, () => false);
  return runTool("iptables", ["-t", "nat", "-C", ...iptablesArgs(rule, "-A").slice(3)]).then(() => true, () => false);
}
