import type { Hello } from "@shared/proto";

/** The daemon a host's session belongs to, as a newcomer's Hello is weighed against it. */
export interface ConnectedDaemon {
  hello: Pick<Hello, "hostId" | "instanceId">;
  /** Where its connection comes from, as the runtime saw it. */
  peer: string;
  /** When it connected (ms since the epoch). */
  since: number;
}

/**
 * What a Hello for a host that has a live session means. The same daemon dialling again (its
 * connection dropped, or it is half-open on our side) takes its place. Any other daemon is
 * refused while that one lives, so two daemons given one host id cannot take the host from
 * each other in turn: the newcomer is told who holds the host and waits, the holder's
 * operator is told someone tried, and neither stops.
 */
export type DaemonArrival =
  | { outcome: "replaces-itself" }
  | { outcome: "refused"; toNewcomer: string; toHolder: string; fields: Record<string, string> };

export function daemonArrival(holder: ConnectedDaemon, hello: Pick<Hello, "hostId" | "instanceId">, peer: string): DaemonArrival {
  // A daemon too old to say its instance is taken for another: the holder's session ends within the silence timeout if it was its own.
  if (hello.instanceId !== "" && hello.instanceId === holder.hello.instanceId) return { outcome: "replaces-itself" };
  const since = new Date(holder.since).toISOString();
  return {
    outcome: "refused",
    toNewcomer:
      `host id '${hello.hostId}' is served by another daemon, connected from ${holder.peer} since ${since}; ` +
      "this one waits for it to go: stop one of them, or give this one another --host-id",
    toHolder: `another daemon, from ${peer}, tried to connect as host id '${hello.hostId}' and was refused: stop one of them, or give it another --host-id`,
    fields: { host_id: hello.hostId, holder_peer: holder.peer, holder_instance: holder.hello.instanceId, newcomer_peer: peer, newcomer_instance: hello.instanceId },
  };
}
