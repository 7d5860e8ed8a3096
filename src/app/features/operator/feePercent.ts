/** Fees as the console shows and takes them: percent with up to four decimals (0.08 is 0.08 %), parts per million on the wire. */
import { trimZeros } from '../../../shared/decimal';
import { formatUnits, parseUnits } from '../../../shared/money';

const PERCENT_DECIMALS = 4;

export function ppmAsPercent(ppm: number): string {
  return trimZeros(formatUnits(BigInt(ppm), PERCENT_DECIMALS));
}

/** Parts per million of a typed percentage, or null when it is not one (at most 10 %, four decimals). */
export function percentAsPpm(text: string): number | null {
  if (!/^\d{1,2}(\.\d{1,4})?$/.test(text.trim())) return null;
  const ppm = Number(parseUnits(text.trim(), PERCENT_DECIMALS));
  return ppm <= 100_000 ? ppm : null;
}
