/**
 * Notifications as GNS3 sends them: `{"action", "event"}`. Controller-wide events
 * (`project.*`, `compute.*`, `template.*`) go to `/v2/notifications`; project events
 * (`node.*`, `link.*`, `drawing.*`, `log.*`) go to that project's listeners.
 */
export interface Notification {
  action: string;
  event: Record<string, unknown>;
}

export type Listener = (notification: Notification) => void;

/** Where a notification is delivered: the controller stream, or one project's stream. */
export type NotificationScope = { kind: "controller" } | { kind: "project"; projectId: string };

export interface EventBus {
  publish(scope: NotificationScope, notification: Notification): void;
  subscribe(scope: NotificationScope, listener: Listener): () => void;
  listenerCount(): number;
}

/** In-process delivery: the Node runtime is one process, so listeners live beside the app. */
export class LocalEventBus implements EventBus {
  private readonly listeners = new Map<string, Set<Listener>>();

  publish(scope: NotificationScope, notification: Notification): void {
    for (const listener of this.listeners.get(scopeKey(scope)) ?? []) {
      try {
        listener(notification);
      } catch {
        // A broken listener must not stop delivery to the others or fail the request.
      }
    }
  }

  subscribe(scope: NotificationScope, listener: Listener): () => void {
    const key = scopeKey(scope);
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  listenerCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }
}

function scopeKey(scope: NotificationScope): string {
  return scope.kind === "controller" ? "controller" : `project:${scope.projectId}`;
}
