import { expect, it } from "vitest";
import { LocalEventBus } from "../events/event-bus";
import { openFeed } from "./feed";
import { MAX_BACKLOG, notificationStreamResponse } from "./http-stream";

const SCOPE = { kind: "controller" } as const;

function streamOver(events: LocalEventBus): Response {
  return notificationStreamResponse((send) =>
    openFeed({ events, scope: SCOPE, usage: () => ({ cpu_usage_percent: 0, memory_usage_percent: 0 }), pingIntervalMs: 60_000, send }),
  );
}

it("writes one JSON object and a newline per message", async () => {
  const events = new LocalEventBus();
  const response = streamOver(events);
  events.publish(SCOPE, { action: "project.created", event: { name: "a" } });
  const reader = response.body!.getReader();
  let text = "";
  while (text.split("\n").length < 3) text += new TextDecoder().decode((await reader.read()).value);
  expect(text).toBe(
    '{"action":"ping","event":{"cpu_usage_percent":0,"memory_usage_percent":0}}\n{"action":"project.created","event":{"name":"a"}}\n',
  );
  await reader.cancel();
  expect(events.listenerCount()).toBe(0);
});

it("drops a client that stopped reading once it is too far behind", async () => {
  const events = new LocalEventBus();
  const response = streamOver(events);
  for (let i = 0; i < MAX_BACKLOG + 1; i++) events.publish(SCOPE, { action: "log.info", event: { i } });
  expect(events.listenerCount()).toBe(1);
  events.publish(SCOPE, { action: "log.info", event: { i: "one too many" } });
  expect(events.listenerCount()).toBe(0);
  await expect(response.text()).rejects.toThrow(`notification client fell more than ${MAX_BACKLOG} messages behind`);
});
