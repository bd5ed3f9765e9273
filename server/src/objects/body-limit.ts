import { Transform, type Readable } from 'node:stream';

/**
 * The request body as it streams in, failing with `error()` the moment more than `limit` bytes
 * have arrived (nothing past the limit is passed on), so an oversized body is refused without
 * being buffered first. For Fastify's `preParsing` hook: it keeps `receivedEncodedLength` up to date
 * as Fastify's own body limit expects of a replaced payload stream.
 */
export function limitBody(payload: Readable, limit: number, error: () => Error): Readable {
  let received = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      (counted as Transform & { receivedEncodedLength?: number }).receivedEncodedLength = received;
      if (received > limit) {
        done(error());
        return;
      }
      done(null, chunk);
    },
  });
  payload.on('error', (err) => counted.destroy(err));
  return payload.pipe(counted);
}
