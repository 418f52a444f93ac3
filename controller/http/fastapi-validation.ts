import type { z } from "zod";
import { ApiError } from "./api-error";
import { readJsonBody } from "./validation";

/**
 * Request bodies of `/v3`, refused as GNS3 3.x refuses them: 422 with FastAPI's text, one line
 * per problem in pydantic's words, then the route ("1 validation error:\n  {'type':
 * 'string_too_short', 'loc': ('body', 'username'), 'msg': 'String should have at least 3
 * characters', 'input': 'ab'}\n    POST /v3/access/users"). GNS3 adds the Python file and line
 * of its handler, which has no counterpart here. Clients read only the status and `message`.
 */
export async function parseV3Body<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await readJsonBody(request);
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) throw validationError(request, [{ type: "json_invalid", loc: ["body"], msg: "JSON decode error", input: {} }]);
    throw error;
  }
  return validateV3(request, schema, body, "body");
}

/** Form fields or a body already read, checked against `schema` (see `parseV3Body`). */
export function validateV3<S extends z.ZodType>(request: Request, schema: S, data: unknown, where: "body" | "query" | "path"): z.output<S> {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  throw validationError(request, result.error.issues.map((issue) => pydanticError(issue, where, data)));
}

/** What stands for a password in a message (pydantic's SecretStr repr). */
const SECRET = "'**********'";
/** An input that is a password: printed as `SECRET`. */
const MASKED = Symbol("a password");

interface PydanticError {
  type: string;
  loc: Array<string | number>;
  msg: string;
  input: unknown;
}

function validationError(request: Request, errors: PydanticError[]): ApiError {
  const count = `${errors.length} validation error${errors.length === 1 ? "" : "s"}:`;
  const lines = errors.map((error) => `  {'type': ${python(error.type)}, 'loc': (${error.loc.map(python).join(", ")}${error.loc.length === 1 ? "," : ""}), 'msg': ${python(error.msg)}, 'input': ${python(error.input)}}`);
  return new ApiError(422, [count, ...lines, `    ${request.method} ${new URL(request.url).pathname}`].join("\n"));
}

function pydanticError(issue: z.core.$ZodIssue, where: string, data: unknown): PydanticError {
  const loc = [where, ...issue.path.map((part) => (typeof part === "symbol" ? String(part) : part))];
  // A password is never sent back, not even the one refused (nor inside a body quoted whole).
  const input = "input" in issue ? (issue.path.at(-1) === "password" && issue.input !== undefined ? MASKED : issue.input) : undefined;
  if (input === undefined && (issue.code === "invalid_type" || issue.code === "invalid_value")) {
    return { type: "missing", loc, msg: "Field required", input: issue.path.length === 0 ? null : valueAt(data, issue.path.slice(0, -1)) };
  }
  switch (issue.code) {
    case "too_small":
      return issue.origin === "string"
        ? { type: "string_too_short", loc, msg: `String should have at least ${issue.minimum} character${issue.minimum === 1 ? "" : "s"}`, input }
        : { type: "too_short", loc, msg: `Value should have at least ${issue.minimum} items`, input };
    case "too_big":
      return issue.origin === "string"
        ? { type: "string_too_long", loc, msg: `String should have at most ${issue.maximum} character${issue.maximum === 1 ? "" : "s"}`, input }
        : { type: "too_long", loc, msg: `Value should have at most ${issue.maximum} items`, input };
    case "invalid_format":
      if (issue.format === "email") return { type: "value_error", loc, msg: "value is not a valid email address: An email address must have an @-sign.", input };
      if (issue.format === "uuid") return { type: "uuid_parsing", loc, msg: "Input should be a valid UUID", input };
      return { type: "string_pattern_mismatch", loc, msg: issue.message, input };
    case "invalid_value":
      return { type: "enum", loc, msg: `Input should be ${issue.values.map((value) => python(value)).join(" or ")}`, input };
    case "invalid_type":
      return { type: `${issue.expected}_type`, loc, msg: `Input should be a valid ${issue.expected}`, input };
    default:
      return { type: "value_error", loc, msg: issue.message, input };
  }
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const part of path) value = typeof value === "object" && value !== null ? (value as Record<PropertyKey, unknown>)[part] : undefined;
  return value ?? null;
}

/** A value as Python's repr prints it, which is how FastAPI's message shows inputs. */
function python(value: unknown): string {
  if (value === MASKED) return SECRET;
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, "\\n")}'`;
  if (Array.isArray(value)) return `[${value.map(python).join(", ")}]`;
  if (typeof value === "object") return `{${Object.entries(value).map(([key, item]) => `${python(key)}: ${key === "password" ? SECRET : python(item)}`).join(", ")}}`;
  return python(String(value));
}
