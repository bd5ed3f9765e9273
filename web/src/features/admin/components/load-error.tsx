import { RotateCw } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** Spec §8 admin error texts ('Failed to load dashboard data. Please try again.') with a retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Alert
      variant="destructive"
      data-testid="admin-load-error"
      action={
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden /> {t('common.retry')}
        </Button>
      }
    >
      <p className="text-foreground">{message}</p>
    </Alert>
  );
}
