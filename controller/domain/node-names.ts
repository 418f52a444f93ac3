import { type DomainError, conflictingRequest } from "./errors";

/**
 * GNS3's node name allocation: spaces removed; `{0}`/`{id}` is filled with the lowest free
 * number from 1; a taken name gets its trailing digits replaced by the lowest free number
 * (`PC1` taken ⇒ `PC2`, `R` ⇒ `R1`).
 */
export function allocateNodeName(requested: string, taken: ReadonlySet<string>): string {
  const base = requested.replace(/\s+/gu, "");
  if (base.includes("{0}") || base.includes("{id}")) {
    for (let number = 1; number < 1_000_000; number++) {
      const name = fillNameTemplate(base, number);
      if (!taken.has(name)) return name;
    }
    throw conflictingRequest("A node name could not be allocated (node limit reached?)");
  }
  if (!taken.has(base)) return base;
  const stem = base.replace(/\d+$/, "");
  for (let number = 1; number < 1_000_000; number++) {
    const name = `${stem}${number}`;
    if (!taken.has(name)) return name;
  }
  throw conflictingRequest("A node name could not be allocated (node limit reached?)");
}

/** Python `str.format` with `{0}`, `{id}` and `{name}`; any other field is refused as GNS3 does. */
function fillNameTemplate(template: string, number: number): string {
  let failure: DomainError | undefined;
  const filled = template.replace(/\{\{|\}\}|\{([^{}]*)\}/g, (match, field: string | undefined) => {
    if (match === "{{") return "{";
    if (match === "}}") return "}";
    if (field === "0" || field === "id") return String(number);
    if (field === "name") return "Node";
    if (field === "" || /^\d+$/.test(field ?? "")) {
      failure ??= conflictingRequest(`${template} is not a valid replacement string in the node name`);
    } else {
      failure ??= conflictingRequest(`{${field}} is not a valid replacement string in the node name`);
    }
    return match;
  });
  if (failure) throw failure;
  if (/[{}]/.test(filled)) throw conflictingRequest(`${template} is not a valid replacement string in the node name`);
  return filled;
}
