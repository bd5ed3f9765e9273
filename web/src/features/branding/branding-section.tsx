import { ImageUp, Loader2, Lock, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ACCENT_COLOR_PATTERN, BRANDING_LIMITS, LOGO_CONTENT_TYPES, type BrandIdentity, type BrandingResponse } from '@contract/branding';
import { BrandHeader } from '@/components/brand/brand-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { useTranslation } from '@/i18n/i18n';
import { useServerErrorText } from '@/i18n/server-error-text';
import { ApiError } from '@/lib/api-request';
import { useActingWorkspaceId, useBranding, useBrandingMutations } from './api/branding';

type Fields = Record<'displayName' | 'contactName' | 'phone' | 'email' | 'website' | 'accentColor', string>;
const FIELDS = ['displayName', 'contactName', 'phone', 'email', 'website'] as const;
const INPUT_TYPES = { displayName: 'text', contactName: 'text', phone: 'tel', email: 'email', website: 'text' } as const;
const DEFAULT_ACCENT = '#b4532a';
const maxMb = BRANDING_LIMITS.logoBytes / (1024 * 1024);

const fieldsOf = (b: BrandIdentity): Fields => ({
  displayName: b.displayName ?? '',
  contactName: b.contactName ?? '',
  phone: b.phone ?? '',
  email: b.email ?? '',
  website: b.website?.replace(/^https:\/\//, '') ?? '',
  accentColor: b.accentColor ?? '',
});

/** Settings → Branding (issue #24 item 4, decision 045): the acting workspace's logo, name, contact line and accent colour. */
export function BrandingSection() {
  const { t } = useTranslation('branding');
  const workspaceId = useActingWorkspaceId();
  const branding = useBranding(workspaceId);
  if (!workspaceId || branding.isLoading) return <Loader2 className="mx-auto size-6 animate-spin text-muted-foreground" aria-label={t('loading')} />;
  if (!branding.data) return <p className="text-sm text-destructive">{t('loadFailed')}</p>;
  return <BrandingForm key={workspaceId} workspaceId={workspaceId} data={branding.data} />;
}

function BrandingForm({ workspaceId, data }: { workspaceId: string; data: BrandingResponse }) {
  const { t } = useTranslation('branding');
  const errorText = useServerErrorText();
  const { save, uploadLogo, removeLogo } = useBrandingMutations(workspaceId);
  const [fields, setFields] = useState<Fields>(() => fieldsOf(data.branding));
  useEffect(() => setFields(fieldsOf(data.branding)), [data.branding]);
  const ids = { logo: useId(), color: useId() };
  const fileInput = useRef<HTMLInputElement>(null);
  const disabled = !data.canEdit;
  const colorValid = fields.accentColor === '' || ACCENT_COLOR_PATTERN.test(fields.accentColor);
  const set = (name: keyof Fields, value: string) => setFields((f) => ({ ...f, [name]: value }));
  const preview: BrandIdentity = {
    ...data.branding,
    displayName: fields.displayName.trim() || null,
    contactName: fields.contactName.trim() || null,
    phone: fields.phone.trim() || null,
    email: fields.email.trim() || null,
    website: fields.website.trim() || null,
    accentColor: colorValid && fields.accentColor ? fields.accentColor : null,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!colorValid) return;
    save.mutate(
      { ...fields, accentColor: fields.accentColor || null },
      {
        onSuccess: () => toast({ title: t('saved'), variant: 'success' }),
        onError: (error) => toast({ title: t('saveFailed'), description: errorText(error), variant: 'destructive' }),
      },
    );
  };
  const logoError = (error: unknown) => {
    const status = error instanceof ApiError ? error.status : 0;
    const text = status === 413 ? t('logo.tooLarge', { maxMb }) : status === 415 ? t('logo.wrongType') : status === 422 ? t('logo.unreadable') : errorText(error);
    toast({ title: t('logo.failed'), description: text, variant: 'destructive' });
  };
  const chooseLogo = (file: File | undefined) => {
    if (!file) return;
    if (file.size > BRANDING_LIMITS.logoBytes) return logoError(new ApiError(413, '413', null));
    uploadLogo.mutate(file, { onSuccess: () => toast({ title: t('logo.uploaded'), variant: 'success' }), onError: logoError });
  };

  return (
    <form onSubmit={submit} className="grid min-w-0 gap-6" data-testid="branding-section">
      <header>
        <h3 className="text-lg font-semibold">{t('title')}</h3>
        <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{t('intro')}</p>
      </header>
      {!data.available && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border bg-muted/40 p-4 text-sm leading-relaxed" data-testid="branding-business-only">
          <Lock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="min-w-0 flex-1">{t('businessOnly')}</span>
          <Link href="/subscribe" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('upgrade')}
          </Link>
        </p>
      )}
      {data.available && !data.canEdit && <p className="rounded-xl border bg-muted/40 p-4 text-sm">{t('readOnly')}</p>}

      <div className="overflow-hidden rounded-xl border" aria-label={t('preview')} role="img">
        <BrandHeader brand={preview} compact className="pointer-events-none [&>div:last-child]:px-4" />
        <div className="bg-background px-4 pb-4 pt-3">
          <p className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
            <span className="h-0.5 w-5 rounded-full" style={{ backgroundColor: preview.accentColor ?? 'var(--primary)' }} aria-hidden />
            {preview.displayName ?? '—'}
          </p>
          <p className="font-semibold tracking-tight">{t('previewTitle')}</p>
        </div>
      </div>

      <section className="grid gap-3" aria-labelledby={ids.logo}>
        <h4 id={ids.logo} className="font-medium">
          {t('logo.title')}
        </h4>
        <div className="flex flex-wrap items-center gap-4">
          <div className="flex h-20 w-48 items-center justify-center rounded-lg border bg-[repeating-conic-gradient(var(--muted)_0_25%,transparent_0_50%)] bg-[length:16px_16px] p-2">
            {data.branding.logoUrl ? (
              <img src={data.branding.logoUrl} alt={t('logo.title')} className="max-h-full max-w-full object-contain" data-testid="branding-logo-preview" />
            ) : (
              <span className="text-xs text-muted-foreground">{t('logo.none')}</span>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <input
              ref={fileInput}
              type="file"
              accept={LOGO_CONTENT_TYPES.join(',')}
              className="sr-only"
              tabIndex={-1}
              disabled={disabled}
              onChange={(e) => {
                chooseLogo(e.target.files?.[0]);
                e.target.value = '';
              }}
              data-testid="branding-logo-input"
            />
            <Button type="button" variant="outline" size="sm" disabled={disabled || uploadLogo.isPending} onClick={() => fileInput.current?.click()}>
              {uploadLogo.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <ImageUp aria-hidden />}{' '}
              {data.branding.logoUrl ? t('logo.replace') : t('logo.upload')}
            </Button>
            {data.branding.logoUrl && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={disabled || removeLogo.isPending}
                onClick={() => removeLogo.mutate(undefined, { onSuccess: () => toast({ title: t('logo.removed') }), onError: logoError })}
                data-testid="branding-logo-remove"
              >
                <Trash2 aria-hidden /> {t('logo.remove')}
              </Button>
            )}
          </div>
        </div>
        <p className="text-xs text-muted-foreground">{t('logo.hint', { maxMb, maxSide: BRANDING_LIMITS.logoMaxSide })}</p>
      </section>

      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((name) => (
          <div key={name} className={name === 'displayName' ? 'grid gap-1.5 sm:col-span-2' : 'grid gap-1.5'}>
            <Label htmlFor={`branding-${name}`}>{t(`fields.${name}`)}</Label>
            <Input
              id={`branding-${name}`}
              type={INPUT_TYPES[name]}
              value={fields[name]}
              maxLength={BRANDING_LIMITS[name]}
              placeholder={t(`fields.${name}Placeholder`)}
              disabled={disabled}
              autoComplete="off"
              onChange={(e) => set(name, e.target.value)}
              data-testid={`branding-${name}`}
            />
          </div>
        ))}
        <div className="grid gap-1.5 sm:col-span-2">
          <Label htmlFor={ids.color}>{t('fields.accentColor')}</Label>
          <div className="flex flex-wrap items-center gap-2">
            <input
              type="color"
              aria-label={t('fields.accentColor')}
              value={colorValid && fields.accentColor ? fields.accentColor : DEFAULT_ACCENT}
              disabled={disabled}
              onChange={(e) => set('accentColor', e.target.value)}
              className="h-9 w-12 cursor-pointer rounded-md border bg-background p-1 disabled:cursor-not-allowed"
            />
            <Input
              id={ids.color}
              value={fields.accentColor}
              placeholder={DEFAULT_ACCENT}
              maxLength={7}
              disabled={disabled}
              aria-invalid={!colorValid}
              onChange={(e) => set('accentColor', e.target.value.trim())}
              className="w-32 font-mono"
              data-testid="branding-accentColor"
            />
            {fields.accentColor && (
              <Button type="button" variant="ghost" size="sm" disabled={disabled} onClick={() => set('accentColor', '')}>
                {t('fields.reset')}
              </Button>
            )}
          </div>
          <p className={colorValid ? 'text-xs text-muted-foreground' : 'text-xs text-destructive'}>{colorValid ? t('fields.accentColorHint') : t('fields.colorInvalid')}</p>
        </div>
      </div>
      <Button type="submit" className="w-fit" disabled={disabled || save.isPending || !colorValid} data-testid="branding-save">
        {save.isPending && <Loader2 className="animate-spin" aria-hidden />} {t('save')}
      </Button>
    </form>
  );
}

export default BrandingSection;
