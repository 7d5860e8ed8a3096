/**
 * Turns an amount a user typed into units of a currency (or ticks and lots of a symbol), with the
 * errcode the user should see: too many decimals or not positive is `invalid`, beyond the range
 * is amountTooLarge. Wallet transfers, convert and the engine all take amounts this way.
 */
import type { ErrcodeName } from '../../src/shared/errcodes';
import { MoneyError, parseUnits, UNITS_MAX } from '../../src/shared/money';
import { refuse } from './errors';

export function parsePositiveUnits(text: string, scale: number, invalid: ErrcodeName = 'invalidAmount', maxUnits: bigint = UNITS_MAX): bigint {
  let units: bigint;
  try {
    units = parseUnits(text, scale);
  } catch (error) {
    if (error instanceof MoneyError) refuse(error.reason === 'overflow' ? 'amountTooLarge' : invalid);
    throw error;
  }
  if (units <= 0n) refuse(invalid);
  if (units > maxUnits) refuse('amountTooLarge');
  return units;
}
