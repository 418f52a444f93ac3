import { createLogger } from "@shared/logging/logger";
import type { ProjectListenerWatch } from "./listener-slots";

/** GNS3 waits this long after a project's last listener left, so a client that reconnects keeps its project open. */
export const DEFAULT_AUTO_CLOSE_DELAY_MS = 5000;

const log = createLogger("controller.notifications");

/**
 * GNS3's `auto_close`: once a project's last notification listener (HTTP stream or WebSocket)
 * has gone, a timer runs; a listener coming back cancels it, and when it fires `close` decides
 * (it closes the project only if it still has `auto_close`). Listeners of a project are served
 * by one app instance (on Workers, the project's Durable Object), so a timer here sees them all.
 */
export class ProjectAutoClose implements ProjectListenerWatch {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly delayMs: number,
    private readonly close: (projectId: string) => Promise<void>,
  ) {}

  listened(projectId: string): void {
    clearTimeout(this.timers.get(projectId));
    this.timers.delete(projectId);
  }

  unlistened(projectId: string): void {
    clearTimeout(this.timers.get(projectId));
    const timer = setTimeout(() => {
      this.timers.delete(projectId);
      this.close(projectId).catch((error: unknown) => log.error("could not close a project nobody listens to", { project_id: projectId, error: String(error) }));
    }, this.delayMs);
    // On Node the timer must not keep a stopping process alive (Workers' timers have no unref).
    (timer as { unref?: () => void }).unref?.();
    this.timers.set(projectId, timer);
  }
}
