/**
 * A small telnet console client for a VPCS node: connects, waits for the prompt, types one
 * command at a time and returns what the command printed. Commands are sent only at a
 * prompt: VPCS reads typed-ahead lines while a command runs and interleaves their echo with
 * its output.
 */
import { connect, type Socket } from "node:net";
import { TelnetDecoder } from "./telnet";

/** A prompt is the last line of output ending in "> " ("VPCS> ", or the PC's name after `set pcname`). */
const PROMPT = /(?:^|[\r\n])[^\r\n]*> $/;

/** How long a console may stay silent after connecting before Enter is pressed. */
const SILENT_CONSOLE_MS = 1000;

export interface ConsoleOptions {
  readonly host?: string;
  /** Connect and first-prompt timeout; default 5 s. */
  readonly timeoutMs?: number;
}

export class VpcsConsole {
  private buffer = "";
  private closedError: Error | undefined;
  private waiter: (() => void) | undefined;

  private constructor(private readonly socket: Socket) {
    const decoder = new TelnetDecoder();
    socket.on("data", (chunk: Buffer) => {
      const { data, reply } = decoder.push(chunk);
      if (reply.length > 0) socket.write(reply);
      this.buffer += Buffer.from(data).toString("latin1");
      this.waiter?.();
    });
    socket.on("close", () => {
      this.closedError ??= new Error("The console connection closed");
      this.waiter?.();
    });
    socket.on("error", (error) => {
      this.closedError = error;
    });
  }

  /** Connects and waits for the first prompt (after the banner). */
  static async connect(port: number, options: ConsoleOptions = {}): Promise<VpcsConsole> {
    const timeoutMs = options.timeoutMs ?? 5000;
    const socket = connect(port, options.host ?? "127.0.0.1");
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve).once("error", reject);
    }).catch((error: unknown) => {
      socket.destroy();
      throw new Error(`Cannot connect to the console on port ${port}: ${error instanceof Error ? error.message : String(error)}`);
    });
    const console = new VpcsConsole(socket);
    // VPCS greets only the first client it ever has (its start-up probe, once it runs a start-up
    // script); a later one sees nothing until it presses Enter. Pressed only on a silent console,
    // so a greeting never comes with a second prompt left over.
    const nudge = setTimeout(() => {
      if (console.buffer === "") socket.write("\r");
    }, SILENT_CONSOLE_MS);
    try {
      await console.untilPrompt(timeoutMs);
    } catch (error) {
      console.close();
      throw error;
    } finally {
      clearTimeout(nudge);
    }
    return console;
  }

  /**
   * Types `line` and returns its output up to the next prompt: the echoed command line and
   * the prompt removed, line ends normalised to "\n".
   */
  async command(line: string, timeoutMs = 15_000): Promise<string> {
    this.socket.write(`${line}\n`);
    const output = await this.untilPrompt(timeoutMs);
    const lines = output.replace(/\r+\n|\r/g, "\n").split("\n");
    if (lines[0]?.trim() === line.trim()) lines.shift();
    return lines.join("\n").trim();
  }

  close(): void {
    this.socket.destroy();
  }

  /** Resolves with everything read up to (not including) the prompt, and consumes it. */
  private async untilPrompt(timeoutMs: number): Promise<string> {
    const deadline = setTimeout(() => this.waiter?.(), timeoutMs);
    const started = performance.now();
    try {
      for (;;) {
        const match = PROMPT.exec(this.buffer);
        if (match !== null) {
          const output = this.buffer.slice(0, match.index);
          this.buffer = "";
          return output;
        }
        if (this.closedError !== undefined) throw this.closedError;
        if (performance.now() - started >= timeoutMs) {
          throw new Error(`No console prompt within ${timeoutMs} ms; last output: ${JSON.stringify(this.buffer.slice(-200))}`);
        }
        await new Promise<void>((resolve) => (this.waiter = resolve));
        this.waiter = undefined;
      }
    } finally {
      clearTimeout(deadline);
    }
  }
}

export type PingReply =
  | { readonly host: string; readonly seq: number; readonly ttl: number; readonly timeMs: number }
  | { readonly host: string; readonly seq: number; readonly timeout: true };

export interface PingResult {
  readonly replies: readonly PingReply[];
  readonly received: number;
  readonly lost: number;
  /** Share of lost probes among those reported, 0–100. */
  readonly lossPercent: number;
}

/** VPCS 0.5 prints "10.0.0.2 icmp_seq=1 ttl=64 time=0.5 ms", later versions prefix "84 bytes from ". */
const REPLY = /^(?:\d+ bytes from )?(\S+) icmp_seq=(\d+) ttl=(\d+) time=([\d.]+) ms/;
const TIMEOUT = /^(\S+) icmp_seq=(\d+) timeout/;

/** Parses VPCS's `ping` output (one line per probe; other lines are ignored). */
export function parsePing(output: string): PingResult {
  const replies: PingReply[] = [];
  for (const raw of output.split(/\r?\n|\r/)) {
    const line = raw.trim();
    const reply = REPLY.exec(line);
    if (reply !== null) {
      replies.push({ host: reply[1]!, seq: Number(reply[2]), ttl: Number(reply[3]), timeMs: Number(reply[4]) });
      continue;
    }
    const timeout = TIMEOUT.exec(line);
    if (timeout !== null) replies.push({ host: timeout[1]!, seq: Number(timeout[2]), timeout: true });
  }
  const lost = replies.filter((reply) => "timeout" in reply).length;
  const received = replies.length - lost;
  return { replies, received, lost, lossPercent: replies.length === 0 ? 100 : (lost * 100) / replies.length };
}
