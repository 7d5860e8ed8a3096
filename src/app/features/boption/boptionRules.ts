/**
 * The figures the Boption screens show before and after an order (api/boption.ts): what a win
 * pays (stake + stake x payoutRate, the profit rounded down to the currency's unit as the server
 * rounds it), a stake's problems against the period's limits and the balance, a period's length
 * in the page's language, and whether a running option is winning at the index now. Amounts stay
 * bigint units of an explicit scale (spec 5); the rate is read at 8 decimals.
 */
import type { BoptionDirection, BoptionOrder, BoptionPeriod } from '../../../shared/api/boption';
import { positiveUnits, trimZeros, unitsOf } from '../../../shared/decimal';
import { intlLocale, type Language } from '../../../shared/languages';
import { formatUnits, mulDivUnits } from '../../../shared/money';

const RATE_SCALE = 8;
const RATE_ONE = 10n ** BigInt(RATE_SCALE);

/** What a win of `stake` pays at `payoutRate`: the profit (rounded down) and the payout (stake + profit), at `scale`. */
export function winPayout(stake: string, payoutRate: string, scale: number): { profit: string; payout: string } | null {
  const stakeUnits = positiveUnits(stake, scale);
  const rate = unitsOf(payoutRate, RATE_SCALE);
  if (stakeUnits === null || rate === null || rate < 0n) return null;
  const profit = mulDivUnits(stakeUnits, rate, RATE_ONE, 'down');
  return { profit: formatUnits(profit, scale), payout: formatUnits(stakeUnits + profit, scale) };
}

/** The payout rate as a percentage ("0.85" is "85", "0.925" is "92.5"); null when unreadable. */
export function payoutPercent(payoutRate: string): string | null {
  const rate = unitsOf(payoutRate, RATE_SCALE);
  if (rate === null) return null;
  // Percent keeps 6 of the rate's 8 decimals.
  return trimZeros(formatUnits(rate, RATE_SCALE - 2));
}

export type StakeProblem = 'empty' | 'belowMin' | 'aboveMax' | 'overBalance';

/** Why a stake cannot be sent (null when it can); the balance counts only when known. */
export function stakeProblem(stake: string, period: BoptionPeriod, scale: number, available: bigint | undefined): StakeProblem | null {
  const units = positiveUnits(stake, scale);
  if (units === null) return 'empty';
  const min = unitsOf(period.minStake, scale);
  const max = unitsOf(period.maxStake, scale);
  if (min !== null && units < min) return 'belowMin';
  if (max !== null && units > max) return 'aboveMax';
  if (available !== undefined && units > available) return 'overBalance';
  return null;
}

/** A period's length as the page's language writes it: 30 s, 1 min, 2 min, 1 h. */
export function periodText(seconds: number, language: Language): string {
  const [value, unit] = seconds % 3600 === 0 ? [seconds / 3600, 'hour'] : seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  return new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}

export type Standing = 'winning' | 'losing' | 'even';

/** Where a running option stands at the index `price` now: up wins above the open price, down below it. */
export function standingAt(order: Pick<BoptionOrder, 'direction' | 'openPrice'>, price: string | null | undefined, scale: number): Standing | null {
  if (!price) return null;
  const now = unitsOf(price, scale);
  const open = unitsOf(order.openPrice, scale);
  if (now === null || open === null) return null;
  if (now === open) return 'even';
  return (now > open) === (order.direction === ('up' satisfies BoptionDirection)) ? 'winning' : 'losing';
}
