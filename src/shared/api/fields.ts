/**
 * Field schemas that accept both JSON and form-encoded bodies. A form sends every value as a
 * string, so numbers and booleans accept their string forms too; nothing else is coerced (an
 * empty string is not 0, an array is not a string).
 */
import { z } from 'zod';
import { isDecimalString } from '../money';

export const STRING_FIELD_MAX = 1_000;

export function textField(maxLength = 200) {
  return z.string().trim().max(maxLength);
}

export function requiredText(maxLength = 200) {
  return z.string().trim().min(1).max(maxLength);
}

export function intField(options: { min?: number; max?: number } = {}) {
  const min = options.min ?? Number.MIN_SAFE_INTEGER;
  const max = options.max ?? Number.MAX_SAFE_INTEGER;
  return z
    .union([z.number(), z.string().trim().regex(/^-?\d{1,16}$/).transform(Number)])
    .pipe(z.number().int().min(min).max(max));
}

export const idField = intField({ min: 1 });

export const boolField = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
]);

/** A positive decimal amount as a string (never a JS number: money stays exact). */
export const amountField = z
  .string()
  .trim()
  .max(40)
  .refine((text) => isDecimalString(text) && !text.startsWith('-'), 'must be a positive decimal number');

export const currencyField = z
  .string()
  .trim()
  .min(2)
  .max(12)
  .regex(/^[A-Za-z0-9]+$/)
  .transform((code) => code.toUpperCase());

/** An idempotency key: what makes a money call safe to repeat. */
export const idempotencyKeyField = z.string().trim().min(8).max(64).regex(/^[\w.:-]+$/);

export const emptyBody = z.union([z.object({}).strict(), z.undefined(), z.null()]).transform(() => ({}));
