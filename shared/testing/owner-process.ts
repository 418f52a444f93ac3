import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const OWNED = "OWNED";

/** A Node process that started something (an emulator, a hypervisor) and said its pid. */
export interface OwnerProcess {
  /** The pid the script printed as `OWNED <pid>`. */
  owned: number;
  /** SIGKILLs the owner, as `kill -9` of a daemon, and waits for it to be gone. */
  kill(): Promise<void>;
}

/**
 * Runs `lines` (TypeScript, through tsx) in a Node process of its own, as a daemon runs its
 * emulators, and resolves once it printed `OWNED <pid>` of what it started (its own log lines
 * may come first on the same output); for tests of what a daemon killed outright leaves.
 */
export async function ownerProcess(lines: readonly string[]): Promise<OwnerProcess> {
  const owner = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", [...lines, "setInterval(() => {}, 1000);"].join("\n")], { stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: owner.stdout! }).on("line", (each) => each.startsWith(`${OWNED} `) && resolve(each));
    owner.once("exit", (code) => reject(new Error(`the owner process exited with ${code}`)));
  });
  const gone = new Promise((resolve) => owner.once("exit", resolve));
  return {
    owned: Number(line.slice(OWNED.length + 1)),
    kill: async () => {
      owner.kill("SIGKILL");
      await gone;
    },
  };
}

/** The line a script for `ownerProcess` prints once it started what it owns. */
export const printOwned = (pidExpression: string) => `console.log(${JSON.stringify(`${OWNED} `)} + ${pidExpression});`;
