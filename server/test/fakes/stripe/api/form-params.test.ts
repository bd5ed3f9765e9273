import { describe, expect, it } from 'vitest';
import { FormParamError, parseStripeForm } from './form-params.js';

describe('parseStripeForm', () => {
  it('decodes what stripe-node sends: nested objects, indexed arrays, encoded brackets', () => {
    const body =
      'customer=cus_1&items[0][price]=price_a&items[0][quantity]=2&items[1][price]=price_b' +
      '&metadata[planId]=pro&automatic_payment_methods%5Benabled%5D=true&expand[0]=latest_invoice&email=a%40b.de';
    expect(parseStripeForm(body)).toEqual({
      customer: 'cus_1',
      items: [{ price: 'price_a', quantity: '2' }, { price: 'price_b' }],
      metadata: { planId: 'pro' },
      automatic_payment_methods: { enabled: 'true' },
      expand: ['latest_invoice'],
      email: 'a@b.de',
    });
  });

  it('appends for empty brackets and orders indexes numerically', () => {
    expect(parseStripeForm('expand[]=a&expand[]=b')).toEqual({ expand: ['a', 'b'] });
    expect(parseStripeForm('items[10][price]=k&items[2][price]=c')).toEqual({
      items: [{ price: 'c' }, { price: 'k' }],
    });
  });

  it('keeps numeric metadata keys as keys and empty values as empty strings', () => {
    expect(parseStripeForm('metadata[0]=zero&metadata[userId]=&name=')).toEqual({
      metadata: { '0': 'zero', userId: '' },
      name: '',
    });
  });

  it('refuses a key used both as a value and as a hash', () => {
    expect(() => parseStripeForm('metadata=x&metadata[a]=b')).toThrow(FormParamError);
    expect(() => parseStripeForm('metadata[a]=b&metadata=x')).toThrow(FormParamError);
    expect(() => parseStripeForm('a]b=1')).toThrow(FormParamError);
  });

  it('reads an empty body as no params', () => {
    expect(parseStripeForm('')).toEqual({});
  });
});
