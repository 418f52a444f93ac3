import { waitMs } from "./udp-traffic";

export interface Notification {
  action: string;
  event: any;
}

/** The project's HTTP notification stream, one JSON object a line, collected as it comes. */
export async function followNotifications(url: string, projectId: string): Promise<Notification[] & { close(): void }> {
  const abort = new AbortController();
  const response = await fetch(`${url}/v2/projects/${projectId}/notifications`, { signal: abort.signal });
  const received = Object.assign([] as Notification[], { close: () => abort.abort() });
  const decoder = new TextDecoder();
  let pending = "";
  void (async () => {
    try {
      for await (const chunk of response.body!) {
        pending += decoder.decode(chunk, { stream: true });
        const lines = pending.split("\n");
        pending = lines.pop()!;
        for (const line of lines) if (line.trim()) received.push(JSON.parse(line));
      }
    } catch {
      // Aborted at the end of the test.
    }
  })();
  return received;
}

export async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await waitMs(20);
  }
}
