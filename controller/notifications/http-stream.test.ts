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

it("drops a client that stopped reading once more than the backlog bound waits for it, letting go of it", async () => {
  const events = new LocalEventBus();
  const response = streamOver(events);
  const message = { action: "log.info", event: { text: "x".repeat(10_000) } };
  const size = notificationText(message).length + 1;
  // The first ping waits too; after it, whole messages until the bound is passed.
  const fitting = Math.floor(MAX_BACKLOG_BYTES / size) + 1;
  for (let i = 0; i < fitting; i++) events.publish(SCOPE, message);
  expect(events.listenerCount()).toBe(1);
  events.publish(SCOPE, message);
  expect(events.listenerCount()).toBe(0);
  expect(await response.text()).toBe("");
});

it("hands a reading client every message, in order, however many were waiting", async () => {
  const events = new LocalEventBus();
  const response = streamOver(events);
  const reader = response.body!.getReader();
  const lines: string[] = [];
  const readLines = async (count: number) => {
    let text = "";
    while (lines.length + text.split("\n").length - 1 < count) text += new TextDecoder().decode((await reader.read()).value);
    lines.push(...text.split("\n").filter((line) => line !== ""));
  };
  await readLines(1);
  for (let i = 0; i < 50; i++) events.publish(SCOPE, { action: "log.info", event: { i } });
  await readLines(51);
  events.publish(SCOPE, { action: "log.info", event: { i: "after" } });
  await readLines(52);
  expect(lines.slice(1).map((line) => JSON.parse(line).event.i)).toEqual([...Array.from({ length: 50 }, (_, i) => i), "after"]);
  await reader.cancel();
  expect(events.listenerCount()).toBe(0);
});
