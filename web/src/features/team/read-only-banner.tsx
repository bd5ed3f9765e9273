import { Eye } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { useWorkspaces } from './api/workspaces';

/**
 * On every signed-in screen while the caller acts in a workspace that is read-only for them (its
 * Business plan ended, decision 046): what they can still do, before they try and get refused.
 */
export default function ReadOnlyWorkspaceBanner() {
  const { t } = useTranslation('team');
  const { data } = useWorkspaces();
  const current = data?.workspaces.find((w) => w.id === data.current);
  if (!current?.readOnly) return null;
  return (
    <div role="status" className="border-b border-warning/50 bg-warning/15" data-testid="read-only-banner">
      <p className="mx-auto flex max-w-7xl items-start gap-2 px-4 py-2.5 text-sm sm:px-6">
        <Eye className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <strong className="font-semibold">{t('readOnly.title')}</strong>{' '}
          <span className="text-muted-foreground">{t('readOnly.banner', { name: current.name })}</span>
        </span>
      </p>
    </div>
  );
}
