import WebSocket from "ws";

/** Messages as a client receives them, awaited one at a time. */
export class FrameQueue {
  private readonly frames: string[] = [];
  private readonly waiters: Array<(frame: string) => void> = [];

  push(frame: string): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(frame);
    else this.frames.push(frame);
  }

  next(timeoutMs = 5000): Promise<string> {
    const frame = this.frames.shift();
    if (frame !== undefined) return Promise.resolve(frame);
    return new Promise((resolve, reject) => {
      const waiter = (value: string) => {
        clearTimeout(timer);
        resolve(value);
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no message within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** The next message that is not a ping; pings may come between events on a slow machine. */
  async nextEvent(timeoutMs = 5000): Promise<string> {
    for (;;) {
      const frame = await this.next(timeoutMs);
      if (JSON.parse(frame).action !== "ping") return frame;
    }
  }
}

export interface NotificationClient {
  frames: FrameQueue;
  close(): Promise<void>;
}

/** Reads a streamed notification response line by line; each line must end in "\n". */
export function readHttpStream(response: Response, abort?: AbortController): NotificationClient {
  const frames = new FrameQueue();
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const pump = (async () => {
    let buffered = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffered += decoder.decode(value, { stream: true });
        let newline: number;
        while ((newline = buffered.indexOf("\n")) >= 0) {
          frames.push(buffered.slice(0, newline));
          buffered = buffered.slice(newline + 1);
        }
      }
    } catch {
      // Cancelled by close().
    }
  })();
  return {
    frames,
    close: async () => {
      // A stream the server already ended rejects the cancel; either way it is over.
      await reader.cancel().catch(() => {});
      abort?.abort();
      await pump;
    },
  };
}

export interface WebSocketClient extends NotificationClient {
  socket: WebSocket;
}

export async function openWebSocket(url: string): Promise<WebSocketClient> {
  const frames = new FrameQueue();
  const socket = new WebSocket(url);
  socket.on("message", (data, isBinary) => frames.push(isBinary ? "<binary frame>" : data.toString()));
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return {
    frames,
    socket,
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once("close", () => resolve());
        socket.close();
      }),
  };
}

/** The status a WebSocket handshake was refused with. */
export function refusedUpgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once("open", () => {
      socket.close();
      reject(new Error("the upgrade was accepted"));
    });
    socket.once("error", () => {});
  });
}
