/** Runs the host's network tools (ip, nft, iptables) without a shell, failing with what they printed. */
import { execFile } from "node:child_process";

export function runTool(program: string, args: readonly string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(program, args, { encoding: "utf8", timeout: 10_000 }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      const said = (stderr || stdout).trim().split("\n").slice(-3).join(" ");
      reject(new Error(`${program} ${args.join(" ")}: ${said || error.message}`, { cause: error }));
    });
    if (input !== undefined) child.stdin?.end(input);
  });
}

/** Whether `program` is on the PATH (the NAT node uses nft where the host has it, iptables otherwise). */
export async function hasTool(program: string): Promise<boolean> {
  return runTool("sh", ["-c", `command -v ${program}`]).then(
    () => true,
    () => false,
  );
}
