/** `GET /v1/events/:id`: handlers may re-fetch an event instead of trusting a webhook body. */
import { stripeErrors } from './errors.js';
import { route, type Route } from './routes.js';
import type { FakeStripeStore } from './store.js';

export function eventRoutes(store: FakeStripeStore): Route[] {
  return [
    route('GET', '/v1/events/:id', ({ params, path }) => {
      params.allowOnly(['expand']);
      const event = store.events.find((e) => e.id === path.id);
      if (!event) throw stripeErrors.resourceMissing('event', path.id);
      return event;
    }),
  ];
}
