import { format, isValid, parseISO } from 'date-fns';

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = parseISO(iso);
  return isValid(date) ? date : null;
}

/** dd.MM.yyyy (spec §2), '' when missing. */
export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? format(date, 'dd.MM.yyyy') : '';
}

/** dd.MM.yyyy HH:mm (spec §2), '' when missing. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? format(date, 'dd.MM.yyyy HH:mm') : '';
}
