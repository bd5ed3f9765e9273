import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LanguageToggle } from './header/language-toggle';
import { Logo } from './header/logo';
import { LegalLinks } from './legal-links';

export interface PublicShellProps {
  children: ReactNode;
  /** A page's own header in place of Raumwerk's (a branded share page, decision 045), given the language switch to place. */
  renderHeader?: (languageToggle: ReactNode) => ReactNode;
}

/**
 * The frame of public pages opened from a link (the share page, decision 026): the brand and the
 * language switch, no sign-in, no app navigation; the language starts from the browser's.
 */
export function PublicShell({ children, renderHeader }: PublicShellProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      {renderHeader ? (
        renderHeader(<LanguageToggle />)
      ) : (
        <header className="border-b">
          <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-4 sm:px-6">
            <Link href="/" aria-label="Raumwerk">
              <Logo />
            </Link>
            <LanguageToggle />
          </div>
        </header>
      )}
      <main id="main" className="min-w-0 flex-1">
        {children}
      </main>
      <footer className="border-t">
        <div className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6">
          <LegalLinks />
        </div>
      </footer>
    </div>
  );
}
