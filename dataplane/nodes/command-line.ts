/** Words a shell reads as themselves: left bare, so a command line reads as one would type it. */
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * A process's arguments as one line a POSIX shell splits back into the same words (as
 * `splitOptions` in qemu-command.ts does): GNS3 shows a node's command as its `command_line`,
 * and a path or option with a space must not read as two.
 */
export function shellLine(argv: readonly string[]): string {
  return argv.map((word) => (PLAIN_WORD.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`)).join(" ");
}
