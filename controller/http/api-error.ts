/** An error a request can end in: the status and a message that tells the user what to change. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 408 | 409 | 413 | 415 | 422 | 429 | 500 | 503 | 507,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const forbidden = (message = "403: Forbidden") => new ApiError(403, message);
export const notFound = (message = "404: Not Found") => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
