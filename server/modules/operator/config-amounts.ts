/** Amounts of the operator's configuration calls: a decimal string in a currency's units, or the field it came in is invalid. */
import { MoneyError, parseUnits } from '../../../src/shared/money';
import { invalidFields } from '../../core/errors';

export function configUnits(text: string, scale: number, field: string): bigint {
  try {
    return parseUnits(text, scale);
  } catch (error) {
    if (error instanceof MoneyError) invalidFields({ [field]: error.reason === 'scale' ? `at most ${scale} decimals` : 'out of range' });
    throw error;
  }
}

/** configUnits of the fields present, by name. */
export function optionalUnits<Key extends string>(values: Partial<Record<Key, string>>, scale: number): Partial<Record<Key, bigint>> {
  const units: Partial<Record<Key, bigint>> = {};
  for (const [key, text] of Object.entries(values) as [Key, string | undefined][]) {
    if (text !== undefined) units[key] = configUnits(text, scale, key);
  }
  return units;
}
