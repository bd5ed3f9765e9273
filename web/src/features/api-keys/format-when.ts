/** A date and time in the reader's language, e.g. "26.11.2026, 10:41" / "26 Nov 2026, 10:41". */
export function formatWhen(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
