import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../../contract/errors.js';
import { AppError } from '../errors/app-error.js';

const byStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_image',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/** Every error leaves as `{message, code}`; 5xx details stay in the log, never in the reply. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // A 5xx we chose to answer cleanly still goes to the log with what caused it.
      if (error.statusCode >= 500 && error.cause) request.log.error({ err: error.cause }, error.message);
      return reply.code(error.statusCode).headers(error.headers).send(body(error.message, error.code));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || (first?.params as { issue?: { path?: string[] } })?.issue?.path?.join('.');
      const message = first ? `${field ? `${field}: ` : ''}${first.message}` : 'The request is not valid.';
      return reply.code(400).send(body(message, 'validation_failed'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = byStatus[status] ?? 'bad_request';
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : status === 413
            ? 'The request body is too large.'
            : status === 415
              ? 'This content type is not supported here.'
              : error.message;
      return reply.code(status).send(body(message, code));
    }
    request.log.error({ err: error }, 'request failed');
    const unavailable = isDatabaseUnavailable(error);
    return reply
      .code(unavailable ? 503 : 500)
      .send(
        unavailable
          ? body('The service is briefly unavailable. Please try again in a moment.', 'service_unavailable')
          : body('Something went wrong on our side. Please try again.', 'internal_error'),
      );
  });

}

function body(message: string, code: ErrorCode): ErrorBody {
  return { message, code };
}

/** Connection refused or lost, server shutting down or starting: also when wrapped (Drizzle's "Failed query" keeps the driver error as `cause`). */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: string }).code ?? '';
    const message = (e as Error).message ?? '';
    if (
      ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', '08003'].includes(code) ||
      /Connection terminated|timeout exceeded when trying to connect/i.test(message)
    ) {
      return true;
    }
  }
  return false;
}
