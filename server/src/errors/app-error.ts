import type { ErrorCode } from '../../../contract/errors.js';

/** The one error type services throw; the error handler turns it into `{message, code}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, code: ErrorCode = 'bad_request') {
    return new AppError(400, code, message);
  }
  static unauthorized(message = 'Unauthorized') {
    return new AppError(401, 'unauthorized', message);
  }
  static forbidden(message = 'Forbidden', code: ErrorCode = 'forbidden') {
    return new AppError(403, code, message);
  }
  static notFound(message = 'Not found') {
    return new AppError(404, 'not_found', message);
  }
  static conflict(message: string, code: ErrorCode = 'conflict') {
    return new AppError(409, code, message);
  }
  static tooManyRequests(retryAfterSeconds: number, message = 'Too many attempts. Please wait a moment and try again.') {
    return new AppError(429, 'rate_limited', message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
