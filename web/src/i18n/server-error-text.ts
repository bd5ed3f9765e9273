import { useCallback } from 'react';
import { ERROR_CODES } from '@contract/errors';
import { MAX_IMAGES_PER_PROJECT, MAX_UPLOAD_BYTES } from '@contract/limits';
import { ApiError } from '@/lib/api-request';
import { useTranslation } from './i18n';

/**
 * Codes the server sends besides the contract's enum (a run's failure code from a newer engine):
 * each has a text as well, and `errors/{de,en}.json` holds one text per code (server-error-text.test.ts).
 */
export const EXTRA_ERROR_CODES = ['engine_cannot_declutter'] as const;
export const TRANSLATED_ERROR_CODES: readonly string[] = [...ERROR_CODES, ...EXTRA_ERROR_CODES];

const PARAMS = { maxImages: MAX_IMAGES_PER_PROJECT, maxMb: Math.round(MAX_UPLOAD_BYTES / (1024 * 1024)) };

/** The code of a server error body, from an ApiError or a plain `{code}` the caller kept. */
export function errorCodeOf(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.body?.code;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * `text(error, fallback?)`: the one translated sentence for a failed request, by its `code`. The
 * server writes English: in English its own sentence (often more specific) is kept, in German it
 * never shows. An unknown code or a network failure gets `fallback`, else a general sentence.
 */
export function useServerErrorText() {
  const { t, i18n } = useTranslation('errors');
  const english = i18n.language === 'en';
  return useCallback(
    (error: unknown, fallback?: string): string => {
      const code = errorCodeOf(error);
      const serverSentence = error instanceof ApiError ? error.serverMessage : undefined;
      if (english && serverSentence) return serverSentence;
      if (code && TRANSLATED_ERROR_CODES.includes(code)) return t(code, PARAMS);
      return fallback ?? t('unknown');
    },
    [t, english],
  );
}
