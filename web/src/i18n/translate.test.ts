import { describe, expect, it } from 'vitest';
import { translate } from './translate';

const texts = {
  header: { credits: '{{used}} of {{limit}} credits', nested: { deep: 'Deep' } },
  images_one: '{{count}} image',
  images_other: '{{count}} images',
  faq: [{ q: 'How long for {{n}} photos?', a: 'About {{n}} minutes' }],
};

describe('translate', () => {
  it('looks up nested keys and fills every placeholder', () => {
    expect(translate(texts, 'en', 'header.credits', { used: 2, limit: 6 })).toBe('2 of 6 credits');
    expect(translate(texts, 'en', 'header.nested.deep')).toBe('Deep');
  });

  it('chooses the plural form by count with the language rules, falling back to _other', () => {
    expect(translate(texts, 'en', 'images', { count: 1 })).toBe('1 image');
    expect(translate(texts, 'en', 'images', { count: 0 })).toBe('0 images');
    expect(translate(texts, 'de', 'images', { count: 7 })).toBe('7 images');
    expect(translate({ x_other: '{{count}} Stück' }, 'de', 'x', { count: 1 })).toBe('1 Stück');
  });

  it('answers the key, or defaultValue, for a missing text and leaves unknown placeholders visible', () => {
    expect(translate(texts, 'en', 'header.missing')).toBe('header.missing');
    expect(translate(texts, 'en', 'header.missing', { defaultValue: 'Offline {{name}}', name: 'engine' })).toBe('Offline engine');
    expect(translate(texts, 'en', 'header.credits', { used: 1 })).toBe('1 of {{limit}} credits');
    expect(translate(undefined, 'en', 'a.b')).toBe('a.b');
  });

  it('answers a filled copy of a list with returnObjects and the key without it', () => {
    expect(translate(texts, 'en', 'faq', { returnObjects: true, n: 3 })).toEqual([{ q: 'How long for 3 photos?', a: 'About 3 minutes' }]);
    expect(translate(texts, 'en', 'faq')).toBe('faq');
    expect(texts.faq[0]!.q).toContain('{{n}}');
  });
});
