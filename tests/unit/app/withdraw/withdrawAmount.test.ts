// Proves the withdrawal form's amount rules: the scale from the quota (or the terms until it is read,
// whole-number terms included), what Max fills in (the balance less the fee, within the maximum and
// what is left today), what is deducted (the amount plus the fee), and each problem of a typed amount;
// and where a refusal is shown (on its field by input name or errcode, 101 asking for the proof).
import { describe, expect, it } from 'vitest';
import type { WithdrawQuota } from '../../../../src/shared/api/withdraw';
import { ERRCODES } from '../../../../src/shared/errcodes';
import { amountFigures } from '../../../../src/app/features/withdraw/withdrawAmount';
import { asksForProof, placeWithdrawRefusal } from '../../../../src/app/features/withdraw/withdrawRefusal';

const TRC20 = { fee: '1.000000', min: '10.000000', max: '100000.000000' };

function quota(available: string, remainingToday: string): WithdrawQuota {
  return { type: 'blockchain', currency: 'USDT', dailyQuota: '200000.000000', usedToday: '0.000000', remainingToday, available, resetsAt: 0, blockedUntil: 0 };
}

describe('amountFigures', () => {
  it('fills Max with the balance less the fee, and deducts the amount plus the fee', () => {
    const figures = amountFigures('20', TRC20, quota('50.000000', '200000.000000'));
    expect(figures.scale).toBe(6);
    expect(figures.max).toBe(49_000_000n);
    expect(figures.units).toBe(20_000_000n);
    expect(figures.deducted).toBe(21_000_000n);
    expect(figures.problem).toBeNull();
  });

  it('keeps Max within the maximum and what is left of today, and never below zero', () => {
    expect(amountFigures('', TRC20, quota('500000.000000', '200000.000000')).max).toBe(100_000_000_000n);
    expect(amountFigures('', TRC20, quota('500.000000', '30.000000')).max).toBe(30_000_000n);
    expect(amountFigures('', TRC20, quota('0.500000', '200000.000000')).max).toBe(0n);
    expect(amountFigures('', TRC20, null).max).toBeNull();
  });

  it('names each problem of a typed amount', () => {
    expect(amountFigures('9.99', TRC20, null).problem).toEqual({ kind: 'belowMin' });
    expect(amountFigures('100001', TRC20, null).problem).toEqual({ kind: 'aboveMax' });
    expect(amountFigures('40', TRC20, quota('500.000000', '30.000000')).problem).toEqual({ kind: 'overQuota', remaining: '30.000000' });
    expect(amountFigures('50', TRC20, quota('50.000000', '200000.000000')).problem).toEqual({ kind: 'overBalance' });
    expect(amountFigures('', TRC20, null).units).toBeNull();
  });

  it('reads whole-number terms (the fiat terms) before the quota gives the scale', () => {
    const figures = amountFigures('12', { fee: '1', min: '10', max: '50000' }, null);
    expect(figures.scale).toBe(0);
    expect(figures.deducted).toBe(13n);
  });
});

describe('placeWithdrawRefusal', () => {
  it('puts an invalid-fields answer on the fields it names', () => {
    expect(placeWithdrawRefusal({ code: 400, message: 'Bad', fields: { address: 'Too long', withdrawPassword: 'Required' } })).toEqual({ address: 'Too long', withdrawPassword: 'Required' });
  });

  it('puts a business refusal on its field by errcode, the rest over the form', () => {
    expect(placeWithdrawRefusal({ code: ERRCODES.withdrawAddressInvalid, message: 'Not TRC20', fields: {} })).toEqual({ address: 'Not TRC20' });
    expect(placeWithdrawRefusal({ code: ERRCODES.withdrawQuotaExceeded, message: 'Quota', fields: {} })).toEqual({ amount: 'Quota' });
    expect(placeWithdrawRefusal({ code: ERRCODES.withdrawPasswordWrong, message: 'Wrong', fields: {} })).toEqual({ withdrawPassword: 'Wrong' });
    expect(placeWithdrawRefusal({ code: ERRCODES.twoFactorCodeWrong, message: 'Code', fields: {} })).toEqual({ gaCode: 'Code' });
    expect(placeWithdrawRefusal({ code: ERRCODES.withdrawalCoolOff, message: 'Paused', fields: {} })).toEqual({ form: 'Paused' });
  });

  it('reads errcode 101 as the server asking for the proof', () => {
    expect(asksForProof(ERRCODES.secondFactorRequired)).toBe(true);
    expect(asksForProof(ERRCODES.withdrawPasswordWrong)).toBe(false);
  });
});
