/** `GET /v1/prices/:id` over the catalogue the fake was started with. */
import { stripeErrors } from './errors.js';
import { route, type Route } from './routes.js';
import type { FakeStripeStore } from './store.js';

export function priceRoutes(store: FakeStripeStore): Route[] {
  return [
    route('GET', '/v1/prices/:id', ({ params, path }) => {
      params.allowOnly(['expand']);
      const price = store.prices.get(path.id) ?? store.oneTimePrices.get(path.id);
      if (!price) throw stripeErrors.resourceMissing('price', path.id);
      return price;
    }),
  ];
}
