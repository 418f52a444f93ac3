import type { z } from "zod";
import { JSON_DEPTH_LIMIT, nestedDeeperThan } from "../domain/json-depth";
import { ApiError, badRequest } from "./api-error";

/** GNS3 limits JSON bodies to 1 MiB; raw uploads stream and are not read here. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Reads a JSON body as GNS3 does: an empty body is `{}`, anything else must parse.
 * The request path is quoted in messages so a script's log says which call failed.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > JSON_BODY_LIMIT) throw tooLarge();
  const text = await bodyText(request);
  if (text.length > JSON_BODY_LIMIT) throw tooLarge();
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw badRequest(`Invalid JSON ${(error as Error).message}`);
  }
  if (nestedDeeperThan(body, JSON_DEPTH_LIMIT)) throw badRequest(`Invalid JSON: nested deeper than ${JSON_DEPTH_LIMIT} levels`);
  return body;
}

/**
 * The body, or the 408 raw uploads answer too when the body stream fails before its end: the
 * client went away or stopped mid-body (Node says "aborted", workerd "Network connection lost").
 */
async function bodyText(request: Request): Promise<string> {
  if (request.bodyUsed) throw new Error("the request body was already read");
  try {
    return await request.text();
  } catch {
    throw new ApiError(408, "Request canceled");
  }
}

function tooLarge(): ApiError {
  return new ApiError(413, `Request body is larger than ${JSON_BODY_LIMIT} bytes`);
}

export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  return validate(schema, await readJsonBody(request), new URL(request.url).pathname);
}

export function validate<S extends z.ZodType>(schema: S, data: unknown, requestPath: string): z.output<S> {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw badRequest(`JSON schema error with API request '${requestPath}': ${describeIssue(issue)}`);
}

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
