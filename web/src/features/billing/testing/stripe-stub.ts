import { vi } from 'vitest';

/**
 * Test-only: what @stripe/react-stripe-js needs from a Stripe instance, standing in for Stripe.js
 * (which cannot load in jsdom). Tests set `stripeStub.confirmResult` and read `confirmSetup.mock`.
 */
type Handler = (event: unknown) => void;

function paymentElement() {
  const handlers = new Map<string, Handler[]>();
  const element = {
    mount: vi.fn((node: HTMLElement) => {
      node.innerHTML = '<input aria-label="Card number (test stub)" />';
      setTimeout(() => handlers.get('ready')?.forEach((h) => h({ elementType: 'payment' })), 0);
      return element;
    }),
    on: vi.fn((event: string, handler: Handler) => {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return element;
    }),
    off: vi.fn((event: string, handler: Handler) => {
      handlers.set(event, (handlers.get(event) ?? []).filter((h) => h !== handler));
      return element;
    }),
    update: vi.fn(),
    destroy: vi.fn(),
  };
  return element;
}

export const stripeStub = {
  confirmResult: { setupIntent: { id: 'seti_test_1', status: 'succeeded' } } as unknown,
  elements: vi.fn(() => ({ create: vi.fn(() => paymentElement()), update: vi.fn(), getElement: vi.fn() })),
  confirmSetup: vi.fn(async (_options: unknown) => stripeStub.confirmResult),
  createToken: vi.fn(),
  createPaymentMethod: vi.fn(),
  confirmCardPayment: vi.fn(),
};

export const loadStripeMock = vi.fn(async (_key: string) => stripeStub);
