/**
 * The amount of a withdrawal against its terms (the network's or the fiat fee, minimum and
 * maximum), today's quota and the available balance, in bigint units of the currency's scale:
 * what "Max" fills in, what is deducted (the amount plus the fee, held at once), and what is wrong
 * with a typed amount before anything is sent. The amount is what arrives.
 */
import { positiveUnits, scaleOfAmount } from '../../../shared/decimal';
import { formatUnits, parseUnits } from '../../../shared/money';
import type { WithdrawQuota } from '../../../shared/api/withdraw';

export interface WithdrawTerms {
  fee: string;
  min: string;
  max: string;
}

export type AmountProblem = { kind: 'belowMin' | 'aboveMax' } | { kind: 'overQuota'; remaining: string } | { kind: 'overBalance' };

export interface AmountFigures {
  scale: number;
  fee: bigint;
  /** The typed amount in units; null while it is empty or zero. */
  units: bigint | null;
  /** What Max fills in: the available balance less the fee, within the maximum and what is left of today's quota; null until the quota is read. */
  max: bigint | null;
  /** The amount plus the fee; null without an amount. */
  deducted: bigint | null;
  problem: AmountProblem | null;
}

/** The currency's scale: the quota's amounts carry it; until the quota is read, the terms'. */
export function withdrawScale(terms: WithdrawTerms, quota: WithdrawQuota | null): number {
  return Math.max(scaleOfAmount(terms.fee), scaleOfAmount(terms.min), scaleOfAmount(terms.max), quota ? scaleOfAmount(quota.available) : 0);
}

/** Units of a server amount at the scale (an amount with more decimals than the scale is cut, never rounded up). */
function unitsAt(text: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  const kept = fraction.slice(0, scale);
  return parseUnits(kept === '' ? whole : `${whole}.${kept}`, scale);
}

export function amountFigures(amount: string, terms: WithdrawTerms, quota: WithdrawQuota | null): AmountFigures {
  const scale = withdrawScale(terms, quota);
  const fee = unitsAt(terms.fee, scale);
  const min = unitsAt(terms.min, scale);
  const maxOne = unitsAt(terms.max, scale);
  const units = positiveUnits(amount, scale);
  const remaining = quota ? unitsAt(quota.remainingToday, scale) : null;
  const available = quota ? unitsAt(quota.available, scale) : null;
  const max = remaining !== null && available !== null ? [available - fee, maxOne, remaining].reduce((low, value) => (value < low ? value : low)) : null;
  let problem: AmountProblem | null = null;
  if (units !== null) {
    if (units < min) problem = { kind: 'belowMin' };
    else if (units > maxOne) problem = { kind: 'aboveMax' };
    else if (remaining !== null && units > remaining) problem = { kind: 'overQuota', remaining: formatUnits(remaining, scale) };
    else if (available !== null && units + fee > available) problem = { kind: 'overBalance' };
  }
  return { scale, fee, units, max: max === null || max > 0n ? max : 0n, deducted: units === null ? null : units + fee, problem };
}
