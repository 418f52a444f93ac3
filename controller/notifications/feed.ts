import type { EventBus, Notification, NotificationScope } from "../events/event-bus";

/** GNS3 pings a controller stream after 5 s without any other message. */
export const DEFAULT_PING_INTERVAL_MS = 5000;

/**
 * Bytes that may wait for one client before it is dropped: a client that stopped reading must
 * not make the server buffer without end. A reading client never comes close (messages are
 * small and leave as fast as its connection takes them); one message larger than this (a big
 * drawing) still goes to a client that has caught up.
 */
export const MAX_BACKLOG_BYTES = 1024 * 1024;

export interface FeedOptions {
  events: EventBus;
  scope: NotificationScope;
  usage: () => { cpu_usage_percent: number; memory_usage_percent: number };
  pingIntervalMs: number;
  /** Hands one message to the client; throwing means the client is gone and ends the feed. */
  send: (notification: Notification) => void;
  /** Called once when the feed ends, however it ends. */
  onClose?: () => void;
}

/**
 * One client's subscription: every notification of the scope, a `ping` at once so the client
 * knows the stream is live, and another whenever the stream has been silent for the interval,
 * so proxies keep the connection and the client sees the host load. Returns the function that
 * ends it; ending twice is harmless, as several ways of noticing a departure may fire.
 */
export function openFeed(options: FeedOptions): () => void {
  let closed = false;
  let pingTimer: ReturnType<typeof setTimeout> | undefined;

  const deliver = (notification: Notification): void => {
    if (closed) return;
    clearTimeout(pingTimer);
    try {
      options.send(notification);
    } catch {
      close();
      return;
    }
    if (!closed) pingTimer = setTimeout(ping, options.pingIntervalMs);
  };
  const ping = () => deliver({ action: "ping", event: pingEvent(options.usage()) });
  const unsubscribe = options.events.subscribe(options.scope, deliver);
  const close = (): void => {
    if (closed) return;
    closed = true;
    clearTimeout(pingTimer);
    unsubscribe();
    options.onClose?.();
  };

  ping();
  return close;
}

function pingEvent(usage: { cpu_usage_percent: number; memory_usage_percent: number }) {
  return { cpu_usage_percent: usage.cpu_usage_percent, memory_usage_percent: usage.memory_usage_percent };
}

/** The wire text of one message, `action` before `event` as GNS3 sorts them. */
export function notificationText(notification: Notification): string {
  return JSON.stringify({ action: notification.action, event: notification.event });
}
