import { describe, expect, it } from 'vitest';
import type { TFunction } from '@/i18n/i18n';
import { serverReason } from './staging-messages';

// The key stands in for its text: enough to see which text a failure gets.
const t = ((key: string) => `[${key}]`) as TFunction;

describe("a failed image's reason (issue #12 item 5)", () => {
  it('German shows the text of a known code and a general German sentence for an unknown one, never the English words', () => {
    expect(
      serverReason(
        t,
        'de',
        'The staging engine of this server cannot remove furniture.',
        'engine_cannot_declutter',
      ),
    ).toBe('[serverErrors.engine_cannot_declutter]');
    expect(serverReason(t, 'de', 'Something odd happened', 'internal_error')).toBe(
      '[errors.generic]',
    );
    expect(serverReason(t, 'de', 'Something odd happened')).toBe('[errors.generic]');
  });

  it("English keeps the server's sentence", () => {
    expect(serverReason(t, 'en', 'Something odd happened', 'internal_error')).toBe(
      'Something odd happened',
    );
  });
});
