import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, type ButtonProps } from '@/components/ui/button';
import { trackEvent } from '@/lib/analytics';

/** Sign-up calls to action end at the built-in sign-up page; every click counts as a `cta_click`. */
export const SIGN_UP_PATH = '/login?mode=signup';

interface CtaLinkProps extends Pick<ButtonProps, 'variant' | 'size' | 'className'> {
  children: ReactNode;
  'data-testid'?: string;
}

export function SignUpCta({ children, variant, size, className, ...rest }: CtaLinkProps) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link
        href={SIGN_UP_PATH}
        onClick={() => trackEvent('cta_click')}
        data-testid={rest['data-testid']}
      >
        {children}
      </Link>
    </Button>
  );
}
