import { createHmac } from 'node:crypto';

/**
 * The `Stripe-Signature` header Stripe sends with a webhook: `t=<unix seconds>,v1=<hex>`, where
 * v1 = HMAC-SHA256 over `${t}.${raw body}` keyed with the endpoint secret (`whsec_...`, used as is).
 */
export function signStripePayload(
  payload: string | Buffer,
  secret: string,
  timestamp: number = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac('sha256', secret)
    .update(`${timestamp}.`, 'utf8')
    .update(typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload)
    .digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
