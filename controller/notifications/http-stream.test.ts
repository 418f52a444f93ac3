import { expect, it } from "vitest";
import { LocalEventBus } from "../events/event-bus";
import { MAX_BACKLOG_BYTES, notificationText, openFeed } from "./feed";
import { notificationStreamResponse } from "./http-stream";

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

it("drops a client that stopped reading once more than the backlog bound waits for it", async () => {
  const events = new LocalEventBus();
  const response = streamOver(events);
  const message = { action: "log.info", event: { text: "x".repeat(10_000) } };
  const size = notificationText(message).length + 1;
  // The first ping is queued too; after it, whole messages until the bound is passed.
  const fitting = Math.floor(MAX_BACKLOG_BYTES / size) + 1;
  for (let i = 0; i < fitting; i++) events.publish(SCOPE, message);
  expect(events.listenerCount()).toBe(1);
  events.publish(SCOPE, message);
  expect(events.listenerCount()).toBe(0);
  await expect(response.text()).rejects.toThrow(`notification client fell more than ${MAX_BACKLOG_BYTES} bytes behind`);
});
