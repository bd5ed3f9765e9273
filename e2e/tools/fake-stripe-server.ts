/**
 * A FakeStripe (server/test/fakes/stripe) as a process, for the browser journeys and for running
 * the app by hand with billing on. Not a test.
 *
 *   npx tsx e2e/tools/fake-stripe-server.ts --port 12111 [--webhook http://127.0.0.1:4104/api/stripe/webhook]
 *
 * Point the app at it with the variables in `FAKE_STRIPE_APP_ENV` (printed on start) plus
 * STRIPE_API_URL=http://127.0.0.1:<port>. With --webhook, every event the fake generates is
 * signed with the test secret and delivered there, in order, as Stripe would.
 */
import { parseArgs } from 'node:util';
import { FakeStripe } from '../../server/test/fakes/stripe/fake-stripe.js';
import { TEST_PRICE_CATALOGUE, TEST_WEBHOOK_SECRET } from '../../server/test/fakes/stripe/stripe-test-prices.js';
import { FAKE_STRIPE_APP_ENV } from '../fixtures/fake-stripe-env.js';

const { values } = parseArgs({ options: { port: { type: 'string', default: '0' }, webhook: { type: 'string' } } });
const fake = await FakeStripe.start({ prices: TEST_PRICE_CATALOGUE, apiKey: FAKE_STRIPE_APP_ENV.STRIPE_SECRET_KEY, port: Number(values.port) });
// The rate STRIPE_TAX_RATE_ID names, as an operator creates it in the Dashboard (decision 018).
fake.createTaxRate({ id: FAKE_STRIPE_APP_ENV.STRIPE_TAX_RATE_ID, displayName: 'MwSt.', percentage: 19, country: 'DE' });
console.log(JSON.stringify({ url: fake.url, env: { ...FAKE_STRIPE_APP_ENV, STRIPE_API_URL: fake.url } }));

let delivered = 0;
let delivering = false;
async function deliver(url: string) {
  if (delivering) return;
  delivering = true;
  try {
    while (delivered < fake.events.length) {
      const payload = JSON.stringify(fake.events[delivered]);
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': fake.signEvent(payload, TEST_WEBHOOK_SECRET) },
        body: payload,
      }).catch(() => null);
      // The app is not up yet, or failed: try again on the next tick, like Stripe's retries.
      if (!response || response.status >= 500) break;
      delivered += 1;
    }
  } finally {
    delivering = false;
  }
}
const timer = values.webhook ? setInterval(() => void deliver(values.webhook!), 300) : undefined;

const stop = async () => {
  clearInterval(timer);
  await fake.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
