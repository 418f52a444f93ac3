import { KvConflict } from "./kv";

/**
 * Runs a read-decide-commit step, again from fresh reads when a guard failed because another
 * request committed first. The retry sees that request's result, so the loser gets the same
 * answer (e.g. 409 "Port is already used") it would have got had it come second.
 *
 * Every failed round means another request succeeded, so N requests racing for the same
 * records all finish within N rounds; the bound is for pathological load only. After the
 * first retries each waits a random moment, so a crowd of losers does not collide again in
 * lockstep (on Workers, a commit spanning objects also meets locks held for a few ms).
 * `step` is told which attempt it is, to choose differently from the crowd it lost to. The
 * conflict that outlasts every attempt is thrown as it is: callers decide what it means to them.
 */
export async function withConflictRetry<T>(step: (attempt: number) => Promise<T>, attempts = 64): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step(attempt);
    } catch (error) {
      if (!(error instanceof KvConflict) || attempt >= attempts) throw error;
      if (attempt >= 3) await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(attempt, 20)));
    }
  }
}
