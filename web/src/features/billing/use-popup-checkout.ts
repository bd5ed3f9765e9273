import { useEffect, useRef } from 'react';
import { useTranslation } from '@/i18n/i18n';
import type { PaidPlanId } from '@contract/billing';
import { PLANS, type BillingCycle, type PlanId } from '@contract/plans';
import { CHECKOUT_COMPLETE_MESSAGE, type CheckoutCompleteMessage } from './billing-navigation';
import { langOf } from './billing-format';
import { useBillingToasts } from './billing-toasts';

const WATCH_MS = 500;

/**
 * Checkout in a popup window, for the app running inside a frame (the admin console embeds it),
 * where the payment form and 3-D Secure do not work well. The popup runs /subscribe for the plan,
 * then /subscribe-popup completes, tells this window, and closes itself.
 */
export function usePopupCheckout({ onCompleted, onEnded }: { onCompleted(): void; onEnded(): void }) {
  const { i18n } = useTranslation('billing');
  const toasts = useBillingToasts();
  const popup = useRef<Window | null>(null);
  const watcher = useRef<number | undefined>(undefined);
  const completed = useRef(false);
  const latest = useRef({ onCompleted, onEnded, toasts, lang: langOf(i18n.language) });
  useEffect(() => {
    latest.current = { onCompleted, onEnded, toasts, lang: langOf(i18n.language) };
  });

  const stopWatching = () => {
    window.clearInterval(watcher.current);
    watcher.current = undefined;
  };

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin) return;
      const data = event.data as Partial<CheckoutCompleteMessage> | null;
      if (data?.type !== CHECKOUT_COMPLETE_MESSAGE || completed.current) return;
      completed.current = true;
      const { toasts: t, lang } = latest.current;
      const plan = PLANS[(data.plan as PlanId) in PLANS ? (data.plan as PlanId) : 'pro'].name[lang];
      if (data.outcome === 'changed') t.success('toast.planChangedTitle', 'toast.planChanged', plan);
      else t.success('toast.subscribedTitle', 'toast.subscribed', plan);
      latest.current.onCompleted();
    }
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      stopWatching();
    };
  }, []);

  return {
    /** Opens the checkout window; false (and a 'Popup Blocked' toast) when the browser refused. */
    open(planId: PaidPlanId, cycle: BillingCycle): boolean {
      const url = `/subscribe?plan=${planId}&cycle=${cycle}&popup=1`;
      const win = window.open(url, 'raumwerk-checkout', 'popup=yes,width=560,height=820');
      if (!win) {
        latest.current.toasts.popupBlocked();
        return false;
      }
      popup.current = win;
      completed.current = false;
      stopWatching();
      watcher.current = window.setInterval(() => {
        if (!win.closed) return;
        stopWatching();
        popup.current = null;
        if (!completed.current) {
          latest.current.toasts.windowClosed();
          latest.current.onEnded();
        }
      }, WATCH_MS);
      return true;
    },
    focus() {
      popup.current?.focus();
    },
    cancel() {
      stopWatching();
      popup.current?.close();
      popup.current = null;
    },
  };
}
