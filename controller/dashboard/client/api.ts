/** A refusal from the server: its status and the `message` of its `{message, status}` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One call to the controller's API, from the page's own origin: the browser adds the
 * credentials the page was opened with. Answers the parsed JSON body (undefined when empty).
 */
export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
    });
  } catch {
    throw new ApiError(0, "The server cannot be reached");
  }
  const text = await response.text();
  const parsed: unknown = text === "" ? undefined : parseJson(text);
  if (!response.ok) {
    const message = (parsed as { message?: unknown } | undefined)?.message;
    throw new ApiError(response.status, typeof message === "string" ? message : `${method} ${path}: ${response.status}`);
  }
  return parsed as T;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
