import { format, isValid, parseISO } from 'date-fns';

/** dd.MM.yyyy HH:mm, the app's date-time format (DESIGN §2); '' for a missing or bad date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'dd.MM.yyyy HH:mm') : '';
}
