/** An error with an HTTP status; its message is sent as the plain-text body. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

/** Traccar answers a SecurityException / IllegalArgumentException with 400. */
export const badRequest = (message: string): HttpError => new HttpError(400, message);
export const forbidden = (message: string): HttpError => new HttpError(400, message);
/** A real 403, for what Traccar has no endpoint of its own (the announcements file, an OpenID group refusal). */
export const accessDenied = (message: string): HttpError => new HttpError(403, message);
export const notFound = (message = 'Not found'): HttpError => new HttpError(404, message);
export const unauthorized = (message = 'Unauthorized'): HttpError => new HttpError(401, message);
