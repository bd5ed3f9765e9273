import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, type ButtonProps } from '@/components/ui/button';
import { trackEvent, type AnalyticsEvent } from '@/lib/analytics';

/** Sign-up calls to action end at the built-in sign-up page; every click counts as a `cta_click`. */
export const SIGN_UP_PATH = '/login?mode=signup';

interface CtaLinkProps extends Pick<ButtonProps, 'variant' | 'size' | 'className'> {
  children: ReactNode;
  'data-testid'?: string;
}

/** Also on the link, for the prerendered landing page, which counts clicks on it without hydrating it (decision 021). */
const CTA_EVENT: AnalyticsEvent = 'cta_click';

export function SignUpCta({ children, variant, size, className, ...rest }: CtaLinkProps) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link
        href={SIGN_UP_PATH}
        onClick={() => trackEvent(CTA_EVENT)}
        data-testid={rest['data-testid']}
        data-analytics={CTA_EVENT}
      >
        {children}
      </Link>
    </Button>
  );
}
