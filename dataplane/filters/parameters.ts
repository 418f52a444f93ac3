/**
 * Reads a spec's integer values with the controller's own rules (arity and bounds from the
 * catalogue, same messages), so every filter module reads its values the same way and the
 * dataplane refuses exactly what the controller would.
 */
import { filterDescriptor } from "@shared/filters/catalogue";
import { checkArity, checkInteger } from "@shared/filters/normalise";
import type { FilterSpec } from "./filter";

export type IntegersResult = { ok: true; values: number[] } | { ok: false; message: string };

/** The spec's numbers, with omitted optional values set to 0. */
export function readIntegers(spec: FilterSpec): IntegersResult {
  const descriptor = filterDescriptor(spec.type);
  if (!descriptor) return { ok: false, message: `Unknown filter '${spec.type}'` };
  const arityProblem = checkArity(spec.type, descriptor, spec.numbers.length);
  if (arityProblem) return { ok: false, message: arityProblem };
  const values: number[] = [];
  for (let index = 0; index < descriptor.parameters.length; index++) {
    const parameter = descriptor.parameters[index]!;
    if (parameter.type !== "int") return { ok: false, message: `Filter '${spec.type}' has no integer parameter ${index + 1}` };
    const value = spec.numbers[index] ?? 0;
    const problem = checkInteger(spec.type, parameter, value);
    if (problem) return { ok: false, message: problem };
    values.push(value);
  }
  return { ok: true, values };
}
