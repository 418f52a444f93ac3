import { describe, expect, it } from "vitest";
import { ShellWordsError, splitShellWords } from "./shell-words";

describe("splitShellWords", () => {
  it.each([
    ["", []],
    ["  -cpu   host \t-smp 2\n", ["-cpu", "host", "-smp", "2"]],
    [`-append 'console=ttyS0 root=/dev/sda'`, ["-append", "console=ttyS0 root=/dev/sda"]],
    [`-name "my vm"`, ["-name", "my vm"]],
    [`a"b c"d`, ["ab cd"]],
    [`'' ""`, ["", ""]],
    [`one\\ word`, ["one word"]],
    [`\\'quoted\\'`, ["'quoted'"]],
    [`"say \\"hi\\" \\\\ \\$HOME \\n"`, [`say "hi" \\ $HOME \\n`]],
    [`'no \\escapes "here"'`, [`no \\escapes "here"`]],
    ["-a \\\n-b", ["-a", "-b"]],
    ["$HOME `id` *.img # not a comment", ["$HOME", "`id`", "*.img", "#", "not", "a", "comment"]],
  ])("splits %j", (text, words) => {
    expect(splitShellWords(text, "the options")).toEqual(words);
  });


  it("names the text it could not split", () => {
    expect(() => splitShellWords("sh -c 'exit", "the start command")).toThrow(new ShellWordsError("an unterminated single quote in the start command (at character 7)"));
  });
});
