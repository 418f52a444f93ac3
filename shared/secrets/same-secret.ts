const utf8 = new TextEncoder();

/**
 * Whether a presented secret (a token, Basic credentials) is the expected one, in time that
 * depends on the expected secret's length only, so where the first difference lies cannot be
 * learnt by timing guesses. Strings are compared as their UTF-8 bytes. No `node:crypto`: the
 * Workers controller checks secrets too.
 */
export function sameSecret(given: string | Uint8Array, expected: string | Uint8Array): boolean {
  const a = typeof given === "string" ? utf8.encode(given) : given;
  const b = typeof expected === "string" ? utf8.encode(expected) : expected;
  let difference = a.length ^ b.length;
  for (let index = 0; index < b.length; index++) difference |= (a[index] ?? 0) ^ b[index]!;
  return difference === 0;
}
