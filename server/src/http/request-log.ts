import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from './log-redaction.js';

/**
 * One log line per request, when the response is done: method, URL, status, time in ms and client
 * address (the request's child logger adds `reqId`). The URL goes through `redactUrl`: upload
 * tokens and OIDC `code`/`state` never reach the log. Fastify's default writes two lines per
 * request (on arrival and on completion), each serialising the request or reply, which at info
 * level cost as much CPU as a cheap route itself. Errors thrown while sending still log as
 * "request errored"; 5xx answers are logged with their stack by the error handler.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  /** A 404 is in the completion line already. */
  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
