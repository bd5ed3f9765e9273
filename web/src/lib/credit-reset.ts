import { format, isValid, parseISO } from 'date-fns';

/**
 * The day the user's monthly credits renew (`creditsResetAt` of the user), as DESIGN §2 writes
 * dates: 01.04.2026 in German, Apr 01, 2026 in English; '' when the server sent none.
 */
export function formatCreditReset(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = parseISO(iso);
  if (!isValid(date)) return '';
  return format(date, language.startsWith('de') ? 'dd.MM.yyyy' : 'MMM dd, yyyy');
}
