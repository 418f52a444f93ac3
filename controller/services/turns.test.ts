import { expect, it } from "vitest";
import { inTurn } from "./turns";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

it("runs steps on one key one at a time, in the order they came, whatever each ends in", async () => {
  const owner = {};
  const log: string[] = [];
  const step = (name: string, fails = false) => async () => {
    log.push(`start ${name}`);
    await tick();
    log.push(`end ${name}`);
    if (fails) throw new Error(name);
    return name;
  };
  const results = await Promise.allSettled([inTurn(owner, "k", step("a")), inTurn(owner, "k", step("b", true)), inTurn(owner, "k", step("c"))]);
  expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
});

it("lets other keys and other owners run side by side", async () => {
  const owner = {};
  const log: string[] = [];
  const step = (name: string) => async () => {
    log.push(`start ${name}`);
    await tick();
    log.push(`end ${name}`);
  };
  await Promise.all([inTurn(owner, "k", step("a")), inTurn(owner, "other", step("b")), inTurn({}, "k", step("c"))]);
  expect(log.slice(0, 3)).toEqual(["start a", "start b", "start c"]);
});
