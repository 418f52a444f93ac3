import type { z } from "zod";
import { JSON_DEPTH_LIMIT, nestedDeeperThan } from "../domain/json-depth";
import { describeIssue } from "@shared/schemas/describe-issue";
import { ApiError, badRequest } from "./api-error";
import { bodyText } from "./request-body";

/** GNS3 limits JSON bodies to 1 MiB; raw uploads stream and are not read here. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Reads a JSON body as GNS3 does: an empty body is `{}`, anything else must parse.
 * The request path is quoted in messages so a script's log says which call failed.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > JSON_BODY_LIMIT) throw tooLarge();
  const text = await bodyText(request, JSON_BODY_LIMIT, tooLarge);
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
