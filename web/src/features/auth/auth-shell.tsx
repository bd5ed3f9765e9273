import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { Link } from 'wouter';
import { LanguageToggle } from '@/app/header/language-toggle';
import { Logo } from '@/app/header/logo';
import { LegalLinks } from '@/app/legal-links';
import { useEngineWords } from '@/lib/public-config';

/**
 * The frame of every account page (sign-in, password reset, e-mail confirmation): logo and language
 * toggle above a narrow column, the brand panel beside it on wide screens.
 */
export function AuthShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  // "Photorealistic" only when an AI model stages (issue #35).
  const engine = useEngineWords();
  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <div className="flex min-w-0 flex-col px-6 py-6 sm:px-10">
        <div className="flex items-center justify-between">
          <Link href="/" aria-label={t('header.home')}>
            <Logo />
          </Link>
          <LanguageToggle />
        </div>
        <main className="mx-auto flex w-full min-w-0 max-w-md flex-1 flex-col justify-center py-10">{children}</main>
        <LegalLinks className="mx-auto w-full max-w-md" />
      </div>
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-[oklch(0.32_0.05_45)] via-[oklch(0.25_0.03_50)] to-[oklch(0.18_0.015_60)] p-12 text-white lg:flex lg:flex-col lg:justify-end">
        <div className="absolute inset-0 opacity-25 [background-image:linear-gradient(to_right,rgba(255,255,255,.08)_1px,transparent_1px),linear-gradient(to_bottom,rgba(255,255,255,.08)_1px,transparent_1px)] [background-size:48px_48px]" aria-hidden />
        <div className="relative max-w-md space-y-6">
          <h2 className="text-4xl font-bold leading-tight tracking-tight">{t('auth.sideTitle')}</h2>
          <p className="text-lg text-white/80">{t(engine === 'ai' ? 'auth.sideTextAi' : 'auth.sideText')}</p>
          <ul className="space-y-3">
            {(['sidePoint1', 'sidePoint2', 'sidePoint3'] as const).map((k) => (
              <li key={k} className="flex items-center gap-3">
                <span className="flex size-6 items-center justify-center rounded-full bg-white/15">
                  <Check className="size-4" aria-hidden />
                </span>
                {t(`auth.${k}`)}
              </li>
            ))}
          </ul>
        </div>
      </aside>
    </div>
  );
}
