import { RefreshCw, Sparkles } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { openAppModal } from '@/lib/modal-bus';
import type { ProblemText } from '../staging-messages';

/**
 * The form's error box; an Upgrade button opens the subscription modal when credits are the problem,
 * "Try again" runs the failed photo again when the AI changed the room.
 */
export function ProblemBox({
  problem,
  className,
  onRetry,
}: {
  problem: ProblemText;
  className?: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation('staging');
  return (
    <Alert
      variant="destructive"
      title={problem.title}
      className={className}
      data-testid="staging-error"
      action={
        problem.upgrade ? (
          <Button
            type="button"
            size="sm"
            onClick={() => openAppModal('subscription')}
            data-testid="upgrade-button"
          >
            <Sparkles aria-hidden /> {t('errors.upgrade')}
          </Button>
        ) : problem.retry && onRetry ? (
          <Button type="button" size="sm" onClick={onRetry} data-testid="retry-button">
            <RefreshCw aria-hidden /> {t('errors.tryAgain')}
          </Button>
        ) : undefined
      }
    >
      <p>{problem.description}</p>
      {problem.detail && <p className="mt-1 font-medium text-foreground">{problem.detail}</p>}
    </Alert>
  );
}
