import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../../contract/errors.js';

/**
 * Answers for requests Fastify refuses before routing (issue #22): a URL whose percent-encoding does
 * not decode (`/api/projects/%E0%A4%A`), a too long path parameter. No hook runs for them, so this
 * sets what the hooks would have: the security headers, the URL's own headers (noindex on share
 * pages) and `cache-control: no-store`, with the usual `{message, code}` body.
 */
export function frameworkErrorAnswer(securityHeaders: Array<[string, string]>, urlHeaders: (url: string) => Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    for (const [name, value] of securityHeaders) reply.header(name, value);
    reply.headers(urlHeaders(request.url)).header('cache-control', 'no-store');
    const body: ErrorBody =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? { message: 'The address is too long.', code: 'bad_request' }
        : error.code === 'FST_ERR_BAD_URL'
          ? { message: 'The address is not valid (its percent-encoding cannot be decoded).', code: 'bad_request' }
          : { message: 'Something went wrong on our side. Please try again.', code: 'internal_error' };
    if (body.code === 'internal_error') request.log.error({ err: error }, 'request failed before routing');
    return reply
      .code(body.code === 'internal_error' ? 500 : 400)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(body));
  };
}
