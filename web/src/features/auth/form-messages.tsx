import { AlertCircle } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';

/** A field's validation message; `message` is a translation key of the given namespace. */
export function FieldError({ id, message, namespace }: { id: string; message?: string; namespace?: string }) {
  const { t } = useTranslation(namespace);
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive" role="alert">
      {t(message)}
    </p>
  );
}

/** The server's answer to a form, already translated. */
export function ServerError({ message, testId = 'auth-error' }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <div className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive" role="alert" data-testid={testId}>
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </div>
  );
}
