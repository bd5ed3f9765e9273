import { describe, expect, it, vi } from 'vitest';
import { onAppModal, openAppModal } from './modal-bus';

describe('modal bus', () => {
  it('opens the dialog that listens for the request, not the others', () => {
    const settings = vi.fn();
    const subscription = vi.fn();
    const offs = [onAppModal('settings', settings), onAppModal('subscription', subscription)];
    openAppModal('settings');
    expect(settings).toHaveBeenCalledTimes(1);
    expect(subscription).not.toHaveBeenCalled();
    offs.forEach((off) => off());
  });

  it('keeps a request made while the dialog is still loading and delivers it once it subscribes', () => {
    openAppModal('cookie-settings');
    const handler = vi.fn();
    const off = onAppModal('cookie-settings', handler);
    expect(handler).toHaveBeenCalledTimes(1);
    off();
    // Delivered once: a later subscriber does not reopen it.
    const again = vi.fn();
    const offAgain = onAppModal('cookie-settings', again);
    expect(again).not.toHaveBeenCalled();
    offAgain();
  });

  it('stops calling a handler after it unsubscribed', () => {
    const handler = vi.fn();
    onAppModal('account-deletion', handler)();
    openAppModal('account-deletion');
    expect(handler).not.toHaveBeenCalled();
    // That request waits for the next subscriber instead.
    const next = vi.fn();
    onAppModal('account-deletion', next)();
    expect(next).toHaveBeenCalledTimes(1);
  });
});
