import { format } from 'date-fns';
import { de, enUS } from 'date-fns/locale';

export type Lang = 'de' | 'en';
export const langOf = (language: string): Lang => (language === 'de' ? 'de' : 'en');
const intlLocale = (lang: Lang) => (lang === 'de' ? 'de-DE' : 'en-US');

export const formatCount = (value: number, lang: Lang) => new Intl.NumberFormat(intlLocale(lang)).format(value);

/** A percent value (15.3 → "15.3%" / "15,3 %") with one decimal. */
export const formatPercent = (value: number, lang: Lang) =>
  new Intl.NumberFormat(intlLocale(lang), { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value / 100);

/** Money in euros from cents (every price is in EUR; issue #11 replaced the spec's "$"). */
export const formatEurFromCents = (cents: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-IE', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** A moment as 'dd.MM.yyyy HH:mm' (DE) or 'MMM dd, yyyy HH:mm' (EN), DESIGN §2. */
export const formatDateTime = (iso: string, lang: Lang) =>
  format(new Date(iso), lang === 'de' ? 'dd.MM.yyyy HH:mm' : 'MMM dd, yyyy HH:mm', { locale: lang === 'de' ? de : enUS });

/** Spec §2: signup dates as 'MMM dd, yyyy'. */
export const formatSignupDate = (iso: string, lang: Lang) => format(new Date(iso), 'MMM dd, yyyy', { locale: lang === 'de' ? de : enUS });

/** A yyyy-MM-dd UTC day as a short axis label. */
export const formatDay = (day: string, lang: Lang) => {
  const [y, m, d] = day.split('-').map(Number);
  return format(new Date(y!, m! - 1, d!), lang === 'de' ? 'dd.MM.' : 'MMM d', { locale: lang === 'de' ? de : enUS });
};
