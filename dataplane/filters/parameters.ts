/**
 * Checks a spec's integer values against the catalogue (arity and bounds), so every filter
 * module reads its values the same way and the dataplane refuses what the controller would.
 */
import { filterDescriptor } from "@shared/filters/catalogue";
import type { FilterSpec } from "./filter";

export type IntegersResult = { ok: true; values: number[] } | { ok: false; message: string };

/** The spec's numbers, with omitted optional values set to 0. */
export function readIntegers(spec: FilterSpec): IntegersResult {
  const descriptor = filterDescriptor(spec.type);
  if (!descriptor) return { ok: false, message: `Unknown filter '${spec.type}'` };
  const { parameters, requiredValues } = descriptor;
  const count = spec.numbers.length;
  if (count < requiredValues || count > parameters.length) {
    const arity = requiredValues === parameters.length ? `${requiredValues}` : `${requiredValues} to ${parameters.length}`;
    return { ok: false, message: `Filter '${spec.type}' takes ${arity} integer value${parameters.length > 1 ? "s" : ""}, got ${count}` };
  }
  const values: number[] = [];
  for (let index = 0; index < parameters.length; index++) {
    const parameter = parameters[index]!;
    const value = spec.numbers[index] ?? 0;
    if (parameter.type !== "int") return { ok: false, message: `Filter '${spec.type}' has no integer parameter ${index + 1}` };
    if (!Number.isInteger(value) || value < parameter.minimum || value > parameter.maximum) {
      return {
        ok: false,
        message: `Filter '${spec.type}' ${parameter.name} must be an integer from ${parameter.minimum} to ${parameter.maximum}, got ${value}`,
      };
    }
    values.push(value);
  }
  return { ok: true, values };
}
