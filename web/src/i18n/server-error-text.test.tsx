import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@contract/errors';
import { ApiError } from '@/lib/api-request';
import { renderWithProviders } from '@/test/render-with-providers';
import de from './errors/de.json';
import en from './errors/en.json';
import { TRANSLATED_ERROR_CODES, useServerErrorText } from './server-error-text';

const texts: Record<string, Record<string, string>> = { de, en };

describe('the code → text map of server errors (issue #12 item 5)', () => {
  it.each(['de', 'en'])('has a %s text for every code the server sends (contract/errors.ts and the extra codes)', (language) => {
    const missing = TRANSLATED_ERROR_CODES.filter((code) => !texts[language][code]?.trim());
    expect(missing).toEqual([]);
    expect(TRANSLATED_ERROR_CODES).toEqual(expect.arrayContaining([...ERROR_CODES, 'structure_changed', 'engine_cannot_declutter', 'email_not_verified', 'upload_quota_exceeded', 'rate_limited']));
  });

  it('keeps no text for a code the server no longer sends', () => {
    const stale = Object.keys(en).filter((code) => code !== 'unknown' && !TRANSLATED_ERROR_CODES.includes(code));
    expect(stale).toEqual([]);
  });

  function Shown({ error, fallback }: { error: unknown; fallback?: string }) {
    const text = useServerErrorText();
    return <p data-testid="shown">{text(error, fallback)}</p>;
  }
  const refused = new ApiError(402, '402: …', { message: 'No credits left on your plan.', code: 'insufficient_credits' });

  it('shows German for an English server sentence in the German interface', async () => {
    renderWithProviders(<Shown error={refused} />, { language: 'de' });
    expect(await screen.findByTestId('shown')).toHaveTextContent('Sie haben keine Credits mehr.');
  });

  it('keeps the server’s own sentence in English', async () => {
    renderWithProviders(<Shown error={refused} />, { language: 'en' });
    expect(await screen.findByTestId('shown')).toHaveTextContent('No credits left on your plan.');
  });

  it('fills in the limits from contract/ and falls back for an unknown code or a network failure', async () => {
    const tooMany = new ApiError(409, '409', { code: 'image_limit_reached' });
    const { unmount } = renderWithProviders(<Shown error={tooMany} />, { language: 'en' });
    expect(await screen.findByTestId('shown')).toHaveTextContent('A project holds at most 6 images.');
    unmount();
    renderWithProviders(<Shown error={new TypeError('Failed to fetch')} fallback="Could not delete." />, { language: 'de' });
    expect(await screen.findByTestId('shown')).toHaveTextContent('Could not delete.');
  });
});
