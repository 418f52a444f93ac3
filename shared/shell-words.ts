/** Words of a command line as a POSIX shell splits them, for programs started without a shell (QEMU's options, a container's start command). */

/** The text cannot be split: a quote left open, a backslash at the end. */
export class ShellWordsError extends Error {}

/**
 * Splits `text` into words as a POSIX shell would — blanks separate words, '…' keeps
 * everything, "…" keeps everything but \\ before $ ` " \\ and newline, \\ outside quotes keeps
 * the next character, \\ before a newline joins lines — without expanding anything: no
 * variables, globs, comments or commands, since the words go to a program and never to a shell.
 * `what` names the text in the error (`the options`, `the start command`).
 */
export function splitShellWords(text: string, what: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let index = 0;
  const take = (chars: string) => (word = (word ?? "") + chars);
  while (index < text.length) {
    const char = text[index]!;
    if (char === " " || char === "\t" || char === "\n") {
      if (word !== null) words.push(word);
      word = null;
      index += 1;
    } else if (char === "\\") {
      if (index + 1 >= text.length) throw new ShellWordsError(`a lone backslash ends ${what}`);
      if (text[index + 1] !== "\n") take(text[index + 1]!);
      index += 2;
    } else if (char === "'") {
      const end = text.indexOf("'", index + 1);
      if (end < 0) throw new ShellWordsError(`an unterminated single quote in ${what} (at character ${index + 1})`);
      take(text.slice(index + 1, end));
      index = end + 1;
    } else if (char === '"') {
      let inner = "";
      let at = index + 1;
      for (;;) {
        if (at >= text.length) throw new ShellWordsError(`an unterminated double quote in ${what} (at character ${index + 1})`);
        const next = text[at]!;
        if (next === '"') break;
        if (next === "\\" && at + 1 < text.length && '$`"\\\n'.includes(text[at + 1]!)) {
          if (text[at + 1] !== "\n") inner += text[at + 1];
          at += 2;
        } else {
          inner += next;
          at += 1;
        }
      }
      take(inner);
      index = at + 1;
    } else {
      take(char);
      index += 1;
    }
  }
  if (word !== null) words.push(word);
  return words;
}
