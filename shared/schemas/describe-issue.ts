import type { z } from "zod";

/** Renders a zod issue in the words of the JSON-schema validator GNS3 clients already show. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const custom = /^(Too small|Too big|Invalid|Unrecognized|Expected)/.test(issue.message) ? "" : `: ${issue.message}`;
  const where = (issue.path.length > 0 ? ` (at ${issue.path.join(".")})` : "") + custom;
  const input = "input" in issue ? issue.input : undefined;
  switch (issue.code) {
    case "invalid_type":
      if (input === undefined) {
        return `'${String(issue.path.at(-1) ?? "body")}' is a required property${parentPath(issue.path)}`;
      }
      return `${literal(input)} is not of type '${jsonType(issue.expected)}'${where}`;
    case "unrecognized_keys": {
      const keys = issue.keys.map((key) => `'${key}'`).join(", ");
      return `Additional properties are not allowed (${keys} ${issue.keys.length === 1 ? "was" : "were"} unexpected)${where}`;
    }
    case "too_small":
      if (issue.origin === "string") return `${literal(input)} is too short${where}`;
      if (issue.origin === "array") return `${literal(input)} has fewer than ${issue.minimum} items${where}`;
      return `${literal(input)} is less than the minimum of ${issue.minimum}${where}`;
    case "too_big":
      if (issue.origin === "string") return `${literal(input)} is too long${where}`;
      if (issue.origin === "array") return `${literal(input)} has more than ${issue.maximum} items${where}`;
      return `${literal(input)} is greater than the maximum of ${issue.maximum}${where}`;
    case "invalid_value":
      if (input === undefined) return `'${String(issue.path.at(-1) ?? "body")}' is a required property${parentPath(issue.path)}`;
      return `${literal(input)} is not one of [${issue.values.map(literal).join(", ")}]${where}`;
    case "invalid_format":
      if (issue.format === "regex" && "pattern" in issue) return `${literal(input)} does not match '${patternText(issue.pattern)}'${where}`;
      return `${literal(input)} is not a valid ${issue.format}${"pattern" in issue && issue.pattern ? ` (must match '${issue.pattern}')` : ""}${where}`;
    default:
      return `${issue.message}${where}`;
  }
}

function patternText(pattern: unknown): string {
  return pattern instanceof RegExp ? pattern.source : String(pattern).replace(/^\/|\/[a-z]*$/g, "");
}

function parentPath(path: readonly PropertyKey[]): string {
  return path.length > 1 ? ` (in ${path.slice(0, -1).map(String).join(".")})` : "";
}

function jsonType(expected: string): string {
  if (expected === "int" || expected === "number") return expected === "int" ? "integer" : "number";
  if (expected === "record") return "object";
  return expected;
}

function literal(value: unknown): string {
  if (typeof value === "string") return `'${value}'`;
  const text = JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
