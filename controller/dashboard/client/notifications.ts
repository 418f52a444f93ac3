export interface Notification {
  action: string;
  event: unknown;
}

export interface NotificationHandlers {
  onNotification(notification: Notification): void;
  /** Each (re)connection: events may have been missed, so the caller reloads what it shows. */
  onOpen(): void;
  /** The socket dropped; a reconnection is already planned. */
  onDrop(): void;
}

const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 5000;

/**
 * A project's notification WebSocket that comes back by itself: after a drop it retries,
 * waiting twice as long each time up to 5 s, until `close()`.
 */
export class NotificationSocket {
  private socket: WebSocket | undefined;
  private retryMs = FIRST_RETRY_MS;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    private readonly path: string,
    private readonly handlers: NotificationHandlers,
  ) {
    this.connect();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
    this.socket?.close();
  }

  private connect(): void {
    const url = new URL(this.path, location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      this.retryMs = FIRST_RETRY_MS;
      this.handlers.onOpen();
    };
    socket.onmessage = (message) => {
      const notification = parseNotification(message.data);
      if (notification) this.handlers.onNotification(notification);
    };
    socket.onclose = () => {
      if (this.closed || this.socket !== socket) return;
      this.handlers.onDrop();
      this.retry = setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, LONGEST_RETRY_MS);
    };
  }
}

function parseNotification(data: unknown): Notification | undefined {
  if (typeof data !== "string") return undefined;
  try {
    const parsed = JSON.parse(data) as Partial<Notification>;
    return typeof parsed.action === "string" ? { action: parsed.action, event: parsed.event } : undefined;
  } catch {
    return undefined;
  }
}
