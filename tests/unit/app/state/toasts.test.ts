// Proves the toasts of spec 8: each shows for its time, and a new one replaces those before it, so that an old error never stands beside a newer success.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hubStore, showToast } from '../../../../src/app/state/hub-store';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const toast of hubStore.getSnapshot().toasts) hubStore.dismissToast(toast.id);
    vi.useRealTimers();
  });

  it('R-CLI-07: an error toast shows for its 5000 ms and then goes', () => {
    showToast('Insufficient balance.', 5_000);
    expect(hubStore.getSnapshot().toasts.map((toast) => toast.message)).toEqual(['Insufficient balance.']);
    vi.advanceTimersByTime(4_999);
    expect(hubStore.getSnapshot().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(hubStore.getSnapshot().toasts).toHaveLength(0);
  });

  it('a success replaces the error before it, and its time is its own', () => {
    showToast('The order value is below the minimum of 1 USDT.', 5_000);
    vi.advanceTimersByTime(3_000);
    showToast('Order placed', 5_000, 'success');
    expect(hubStore.getSnapshot().toasts.map((toast) => [toast.message, toast.tone])).toEqual([['Order placed', 'success']]);
    // The replaced toast's timer must not take the new one away.
    vi.advanceTimersByTime(2_500);
    expect(hubStore.getSnapshot().toasts).toHaveLength(1);
    vi.advanceTimersByTime(2_500);
    expect(hubStore.getSnapshot().toasts).toHaveLength(0);
  });
});
