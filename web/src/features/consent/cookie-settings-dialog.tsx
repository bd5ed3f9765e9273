import { useId, useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Switch } from '@/components/ui/switch';
import { ACCEPT_ALL, type ConsentChoice } from '@/lib/consent';

interface Props {
  initial: ConsentChoice;
  onSave(choice: ConsentChoice): void;
  onClose(): void;
}

/** The cookie settings panel: necessary (always on), analytics and marketing switches, Save. */
export default function CookieSettingsDialog({ initial, onSave, onClose }: Props) {
  const { t } = useTranslation('consent');
  const [choice, setChoice] = useState<ConsentChoice>({
    analytics: initial.analytics,
    marketing: initial.marketing,
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl gap-6" data-testid="cookie-settings">
        <DialogHeader>
          <DialogTitle>{t('panel.title')}</DialogTitle>
          <DialogDescription>{t('panel.description')}</DialogDescription>
        </DialogHeader>
        <div className="divide-y rounded-xl border">
          <Category
            title={t('panel.necessary.title')}
            text={t('panel.necessary.text')}
            checked
            disabled
            badge={t('panel.alwaysOn')}
            testId="switch-necessary"
          />
          <Category
            title={t('panel.analytics.title')}
            text={t('panel.analytics.text')}
            checked={choice.analytics}
            onChange={(analytics) => setChoice((c) => ({ ...c, analytics }))}
            testId="switch-analytics"
          />
          <Category
            title={t('panel.marketing.title')}
            text={t('panel.marketing.text')}
            checked={choice.marketing}
            onChange={(marketing) => setChoice((c) => ({ ...c, marketing }))}
            testId="switch-marketing"
          />
        </div>
        <DialogFooter className="gap-2">
          <Button
            variant="outline"
            onClick={() => onSave(ACCEPT_ALL)}
            data-testid="cookie-panel-accept-all"
          >
            {t('panel.acceptAll')}
          </Button>
          <Button onClick={() => onSave(choice)} data-testid="cookie-save">
            {t('panel.save')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Category(props: {
  title: string;
  text: string;
  checked: boolean;
  disabled?: boolean;
  badge?: string;
  onChange?(checked: boolean): void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 p-4">
      <div className="min-w-0">
        <label htmlFor={id} className="flex flex-wrap items-center gap-2 text-sm font-semibold">
          {props.title}
          {props.badge && (
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
              {props.badge}
            </span>
          )}
        </label>
        <p id={`${id}-text`} className="mt-1 text-sm leading-relaxed text-muted-foreground">
          {props.text}
        </p>
      </div>
      <Switch
        id={id}
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={props.onChange}
        aria-describedby={`${id}-text`}
        className="mt-0.5"
        data-testid={props.testId}
      />
    </div>
  );
}
