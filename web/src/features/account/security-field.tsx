import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

/** A labelled field of the Security tab with its hint or its error. */
export function SecurityField({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string | false; children: ReactNode }) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : (
        hint && <p className="text-xs text-muted-foreground">{hint}</p>
      )}
    </div>
  );
}

export function FormAlert({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive" data-testid={testId}>
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      {message}
    </p>
  );
}
