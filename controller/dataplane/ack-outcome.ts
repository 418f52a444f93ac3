import { ItemErrorKind, type Ack } from "@shared/proto";
import type { Notification, NotificationScope } from "../events/event-bus";
import type { StoredItemError } from "./host-records";
import type { NodeNotRunning } from "./node-status";

/** What the hub knows of a session when an ack arrives. */
export interface AckContext {
  hostId: string;
  /** The newest revision sent, and the newest acknowledged before this ack. */
  sentRevision: number;
  ackedRevision: number;
  /** The project of each node and link of the last state sent. */
  projectOfItem: ReadonlyMap<string, string>;
}

/** What an ack means: what to store, which nodes to stop, and up to which revision the waiting requests answer. */
export interface AckOutcome {
  /** The ack's item errors, each with its project (empty when the item is no longer sent). */
  errors: StoredItemError[];
  /** Whether this is the newest ack: the session's acknowledged revision and errors become its. */
  newest: boolean;
  /** The nodes its errors say do not run; only the newest revision's, since an older one's may be started again by a newer. */
  notRunning: NodeNotRunning[];
}

export function ackOutcome(context: AckContext, ack: Ack): AckOutcome {
  const errors: StoredItemError[] = ack.errors.map((error) => ({
    kind: error.kind === ItemErrorKind.NODE ? "node" : error.kind === ItemErrorKind.LINK ? "link" : "unspecified",
    id: error.id,
    project_id: context.projectOfItem.get(error.id) ?? "",
    message: error.message,
    ...(error.consolePortTaken ? { console_port_taken: error.consolePortTaken } : {}),
  }));
  const notRunning =
    ack.revision === context.sentRevision
      ? errors
          .filter((error) => error.kind === "node" && error.project_id !== "")
          .map((error) => ({
            projectId: error.project_id,
            nodeId: error.id,
            reason: error.message,
            ...(error.console_port_taken ? { consolePortTaken: error.console_port_taken } : {}),
          }))
      : [];
  return { errors, newest: ack.revision >= context.ackedRevision, notRunning };
}

/**
 * The `log.error` notifications an ack's errors give: one per error the previous ack did not
 * have, on its project's stream; none for an item no longer sent, for a node stopped for it
 * (its stop was announced with the reason), or for a node moved off a taken console port (its
 * move was announced with `log.warning`).
 */
export function ackAnnouncements(
  hostId: string,
  errors: readonly StoredItemError[],
  previous: readonly StoredItemError[],
  handledNodes: ReadonlySet<string>,
): Array<{ scope: NotificationScope; notification: Notification }> {
  const known = new Set(previous.map(errorIdentity));
  return errors
    .filter((error) => !known.has(errorIdentity(error)) && error.project_id !== "" && !handledNodes.has(error.id))
    .map((error) => {
      const what = error.kind === "unspecified" ? error.id : `${error.kind === "node" ? "Node" : "Link"} ${error.id}`;
      return {
        scope: { kind: "project", projectId: error.project_id },
        notification: {
          action: "log.error",
          event: { message: `${what} on dataplane host ${hostId}: ${error.message}`, compute_id: hostId, [`${error.kind}_id`]: error.id },
        },
      };
    });
}

function errorIdentity(error: StoredItemError): string {
  return `${error.kind}\n${error.id}\n${error.message}`;
}
