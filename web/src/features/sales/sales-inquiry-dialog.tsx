import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { useTranslation } from '@/i18n/i18n';
import { SALES_LIMITS, type SalesInquiryRequest } from '@contract/sales';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, apiRequest } from '@/lib/api-request';

/** The form's own checks, with translated messages; the server checks the same rules (contract/sales.ts). */
function formSchema(t: (key: string) => string) {
  return z.object({
    name: z.string().trim().min(1, t('errors.name')).max(SALES_LIMITS.name),
    email: z.string().trim().pipe(z.email(t('errors.email'))),
    company: z.string().trim().min(1, t('errors.company')).max(SALES_LIMITS.company),
    seats: z.string().regex(/^\d{0,6}$/, t('errors.seats')),
    message: z.string().trim().min(10, t('errors.message')).max(SALES_LIMITS.message),
    website: z.string(),
  });
}
type Values = z.infer<ReturnType<typeof formSchema>>;

/** "Contact sales" (issue #11): name, e-mail, company, seats, message → POST /api/sales-inquiries. */
export default function SalesInquiryDialog({ open, onOpenChange, defaults }: { open: boolean; onOpenChange(open: boolean): void; defaults?: { name?: string; email?: string } }) {
  const { t, i18n } = useTranslation('sales');
  const send = useMutation({
    mutationFn: (body: SalesInquiryRequest) => apiRequest<{ success: true }>('/api/sales-inquiries', { method: 'POST', body }),
  });
  const form = useForm<Values>({
    resolver: zodResolver(formSchema(t)),
    defaultValues: { name: defaults?.name ?? '', email: defaults?.email ?? '', company: '', seats: '', message: '', website: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    send.mutate({
      ...values,
      seats: values.seats ? Number(values.seats) : null,
      locale: i18n.language === 'de' ? 'de' : 'en',
    }),
  );
  const failure = send.error instanceof ApiError && send.error.status === 429 ? t('errors.rateLimited') : send.error ? t('errors.failed') : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg" data-testid="sales-dialog">
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>
        {send.isSuccess ? (
          <div className="flex flex-col items-center gap-3 py-6 text-center" role="status" data-testid="sales-sent">
            <CheckCircle2 className="size-10 text-success" aria-hidden />
            <p className="font-semibold">{t('sent.title')}</p>
            <p className="text-sm text-muted-foreground">{t('sent.text')}</p>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('sent.close')}
            </Button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="sales-name" label={t('fields.name')} error={errors.name?.message}>
                <Input id="sales-name" autoComplete="name" aria-invalid={!!errors.name} {...form.register('name')} />
              </Field>
              <Field id="sales-email" label={t('fields.email')} error={errors.email?.message}>
                <Input id="sales-email" type="email" autoComplete="email" aria-invalid={!!errors.email} {...form.register('email')} />
              </Field>
              <Field id="sales-company" label={t('fields.company')} error={errors.company?.message}>
                <Input id="sales-company" autoComplete="organization" aria-invalid={!!errors.company} {...form.register('company')} />
              </Field>
              <Field id="sales-seats" label={t('fields.seats')} error={errors.seats?.message}>
                <Input id="sales-seats" inputMode="numeric" placeholder={t('fields.seatsPlaceholder')} aria-invalid={!!errors.seats} {...form.register('seats')} />
              </Field>
            </div>
            <Field id="sales-message" label={t('fields.message')} error={errors.message?.message}>
              <textarea
                id="sales-message"
                rows={5}
                placeholder={t('fields.messagePlaceholder')}
                aria-invalid={!!errors.message}
                className="min-h-28 w-full rounded-lg border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm dark:bg-input/30"
                {...form.register('message')}
              />
            </Field>
            {/* Honeypot: invisible to people and screen readers; bots fill every field. */}
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label htmlFor="sales-website">Website</label>
              <input id="sales-website" tabIndex={-1} autoComplete="off" {...form.register('website')} />
            </div>
            {failure && (
              <p className="text-sm text-destructive" role="alert">
                {failure}
              </p>
            )}
            <p className="text-xs text-muted-foreground">{t('privacy')}</p>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
                {t('cancel')}
              </Button>
              <Button type="submit" disabled={send.isPending} data-testid="sales-submit">
                {send.isPending && <Loader2 className="animate-spin" aria-hidden />}
                {t('submit')}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
