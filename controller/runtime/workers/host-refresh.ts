import { createLogger } from "@shared/logging/logger";
import type { ControllerDeps } from "../../deps";
import type { Notification, NotificationScope } from "../../events/event-bus";
import { loadHostRecords } from "../../dataplane/host-records";

export const REFRESH_PATH = "/internal/refresh";

const log = createLogger("controller.host-refresh");

/** Events after which a host may have to run something else (the Node hub listens to the same). */
function mayChangeHosts(scope: NotificationScope, notification: Notification): boolean {
  if (scope.kind === "project") return /^(node|link)\./.test(notification.action);
  return ["project.opened", "project.closed", "project.deleted"].includes(notification.action);
}

/**
 * Tells the objects of connected dataplane hosts that their desired state may have changed,
 * once per burst of events. They rebuild it from the store and send a revision only if it
 * differs, so telling a host that is not concerned costs a rebuild and nothing more.
 */
export class HostRefresher {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly deps: () => ControllerDeps,
    private readonly refreshHost: (hostId: string) => Promise<Response>,
    private readonly debounceMs = 5,
  ) {}

  observe = (scope: NotificationScope, notification: Notification): void => {
    if (!mayChangeHosts(scope, notification) || this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.refreshConnected();
    }, this.debounceMs);
  };

  private async refreshConnected(): Promise<void> {
    try {
      const hosts = await loadHostRecords(this.deps());
      await Promise.all(
        [...hosts.values()].filter((host) => host.connected).map(async (host) => void (await this.refreshHost(host.host_id)).body?.cancel()),
      );
    } catch (error) {
      log.error("could not tell the dataplane hosts of a change", { error: String(error) });
    }
  }
}
