import type { NotificationScope } from "../events/event-bus";

export interface ListenerLimits {
  /** Listeners of every scope together. */
  total: number;
  /** Listeners of one project's scope. */
  perProject: number;
}

/**
 * A listener's place, or why it has none: short enough (under 123 bytes) to be a WebSocket's
 * close reason too. `release` may be called more than once.
 */
export type ListenerSlot = { release: () => void } | { refused: string };

/** Told when a project gets its first listener, and when its last one leaves. */
export interface ProjectListenerWatch {
  listened(projectId: string): void;
  unlistened(projectId: string): void;
}

/**
 * Counts the notification listeners (HTTP streams and WebSockets) this app serves, so that
 * clients opening more and more of them cannot exhaust the controller's memory and sockets.
 */
export class ListenerSlots {
  private total = 0;
  private readonly perProject = new Map<string, number>();
  /** Of those, the ones that hold the project open (every listener but an observer). */
  private readonly holding = new Map<string, number>();

  constructor(
    private readonly limits: ListenerLimits,
    private readonly watch?: ProjectListenerWatch,
  ) {}

  /**
   * `holdsProject` false is an observer (the dashboard watching a lab): it counts against the
   * limits, but a project whose other listeners left is closed by `auto_close` all the same.
   */
  take(scope: NotificationScope, holdsProject = true): ListenerSlot {
    if (this.total >= this.limits.total) {
      return { refused: `Too many notification listeners: at most ${this.limits.total} at once (--max-notification-listeners)` };
    }
    const projectId = scope.kind === "project" ? scope.projectId : undefined;
    const onProject = projectId === undefined ? 0 : (this.perProject.get(projectId) ?? 0);
    if (projectId !== undefined && onProject >= this.limits.perProject) {
      return { refused: `Too many notification listeners on this project: at most ${this.limits.perProject} (--max-notification-listeners-per-project)` };
    }
    this.total++;
    if (projectId !== undefined) this.perProject.set(projectId, onProject + 1);
    const holding = projectId !== undefined && holdsProject ? projectId : undefined;
    if (holding !== undefined) {
      const holders = this.holding.get(holding) ?? 0;
      this.holding.set(holding, holders + 1);
      if (holders === 0) this.watch?.listened(holding);
    }
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.total--;
        if (projectId === undefined) return;
        const left = this.perProject.get(projectId)! - 1;
        if (left > 0) this.perProject.set(projectId, left);
        else this.perProject.delete(projectId);
        if (holding === undefined) return;
        const holders = this.holding.get(holding)! - 1;
        if (holders > 0) return void this.holding.set(holding, holders);
        this.holding.delete(holding);
        this.watch?.unlistened(holding);
      },
    };
  }
}
