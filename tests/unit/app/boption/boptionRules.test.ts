// Proves the figures the Boption screens show: what a win pays (the profit rounded down as the
// server rounds it), the payout rate as a percentage, a stake's problems against the period's
// limits and the balance, a period's length in the page's language, and whether a running option
// is winning at the index now.
import { describe, expect, it } from 'vitest';
import { payoutPercent, periodText, stakeProblem, standingAt, winPayout } from '../../../../src/app/features/boption/boptionRules';

const PERIOD = { seconds: 60, payoutRate: '0.85', minStake: '1', maxStake: '1000' };

describe('binary option figures', () => {
  it('pays stake plus stake times the rate on a win, the profit rounded down to the unit', () => {
    expect(winPayout('10', '0.85', 2)).toEqual({ profit: '8.50', payout: '18.50' });
    expect(winPayout('0.33', '0.85', 2)).toEqual({ profit: '0.28', payout: '0.61' });
    expect(winPayout('1.005', '0.925', 3)).toEqual({ profit: '0.929', payout: '1.934' });
    expect(winPayout('', '0.85', 2)).toBeNull();
    expect(winPayout('10', 'x', 2)).toBeNull();
  });

  it('writes the rate as a percentage', () => {
    expect(payoutPercent('0.85')).toBe('85');
    expect(payoutPercent('0.925')).toBe('92.5');
    expect(payoutPercent('1')).toBe('100');
    expect(payoutPercent('nope')).toBeNull();
  });

  it('finds what is wrong with a stake: missing, out of the period limits, over the balance', () => {
    expect(stakeProblem('', PERIOD, 2, undefined)).toBe('empty');
    expect(stakeProblem('0.5', PERIOD, 2, undefined)).toBe('belowMin');
    expect(stakeProblem('1000.01', PERIOD, 2, undefined)).toBe('aboveMax');
    expect(stakeProblem('50', PERIOD, 2, 4_000n)).toBe('overBalance');
    expect(stakeProblem('40', PERIOD, 2, 4_000n)).toBeNull();
    expect(stakeProblem('40', PERIOD, 2, undefined)).toBeNull();
  });

  it('writes a period in the page language', () => {
    expect(periodText(30, 'en')).toBe('30 sec');
    expect(periodText(120, 'en')).toBe('2 min');
    expect(periodText(3600, 'en')).toBe('1 hr');
    expect(periodText(60, 'de')).toBe('1 Min.');
    expect(periodText(30, 'ja')).not.toBe(periodText(30, 'en'));
  });

  it('tells whether a running option is winning at the index now', () => {
    const up = { direction: 'up' as const, openPrice: '100.00' };
    const down = { direction: 'down' as const, openPrice: '100.00' };
    expect(standingAt(up, '100.01', 2)).toBe('winning');
    expect(standingAt(down, '100.01', 2)).toBe('losing');
    expect(standingAt(down, '99.99', 2)).toBe('winning');
    expect(standingAt(up, '100.00', 2)).toBe('even');
    expect(standingAt(up, null, 2)).toBeNull();
  });
});
