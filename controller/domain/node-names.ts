import { conflictingRequest, invalidRequest } from "./errors";
import { PythonFormatError, pythonFormat } from "@shared/python-format/python-format";

const NAME_LIMIT = 1_000_000;

/**
 * GNS3's node name allocation: spaces (only spaces) removed; a taken name has its trailing digits
 * turned into `{0}`; a name holding `{0}` or `{id}` is a template for Python's `str.format`,
 * filled with the lowest free number from 1 (`PC1` taken ⇒ `PC2`); a taken name without
 * trailing digits gets the lowest free number appended (`R` ⇒ `R1`).
 */
export function allocateNodeName(requested: string, taken: ReadonlySet<string>): string {
  let base = requested.replaceAll(" ", "");
  // GNS3 stores the empty name that is left; a node no client can name or tell apart is refused.
  if (base === "") throw invalidRequest(`Node name '${requested}' is only spaces: give a name with other characters`);
  // Python's `$` also matches before a final newline.
  if (taken.has(base)) base = base.replace(/[0-9]+(?=\n?$)/, "{0}");
  if (base.includes("{0}") || base.includes("{id}")) {
    for (let number = 1; number < NAME_LIMIT; number++) {
      const name = fillNameTemplate(base, number);
      if (!taken.has(name)) return name;
    }
  } else {
    if (!taken.has(base)) return base;
    for (let number = 1; number < NAME_LIMIT; number++) {
      const name = `${base}${number}`;
      if (!taken.has(name)) return name;
    }
  }
  throw conflictingRequest("A node name could not be allocated (node limit reached?)");
}

/** `template.format(number, id=number, name="Node")`, with GNS3's messages for what Python refuses. */
function fillNameTemplate(template: string, number: number): string {
  try {
    return pythonFormat(template, [number], { id: number, name: "Node" });
  } catch (error) {
    if (!(error instanceof PythonFormatError)) throw error;
    if (error.kind === "KeyError") throw conflictingRequest(`{${error.key}} is not a valid replacement string in the node name`);
    // GNS3 answers this for ValueError and IndexError; the rarer TypeError and AttributeError crash it.
    throw conflictingRequest(`${template} is not a valid replacement string in the node name`);
  }
}
