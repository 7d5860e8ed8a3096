/**
 * Field schemas that accept both JSON and form-encoded bodies. A form sends every value as a
 * string, so numbers and booleans accept their string forms too; nothing else is coerced (an
 * empty string is not 0, an array is not a string).
 */
import { z } from 'zod/mini';
import { isDecimalString } from '../money';

export const STRING_FIELD_MAX = 1_000;

export function textField(maxLength = 200) {
  return z.string().check(z.trim(), z.maxLength(maxLength));
}

export function requiredText(maxLength = 200) {
  return z.string().check(z.trim(), z.minLength(1), z.maxLength(maxLength));
}

export function intField(options: { min?: number; max?: number } = {}) {
  const min = options.min ?? Number.MIN_SAFE_INTEGER;
  const max = options.max ?? Number.MAX_SAFE_INTEGER;
  return z.pipe(
    z.union([z.number(), z.pipe(z.string().check(z.trim(), z.regex(/^-?\d{1,16}$/)), z.transform(Number))]),
    z.number().check(z.int(), z.minimum(min), z.maximum(max)),
  );
}

export const idField = intField({ min: 1 });

export const boolField = z.union([
  z.boolean(),
  z.pipe(
    z.enum(['true', 'false', '1', '0']),
    z.transform((value) => value === 'true' || value === '1'),
  ),
]);

/** A positive decimal amount as a string (never a JS number: money stays exact). */
export const amountField = z
  .string()
  .check(
    z.trim(),
    z.maxLength(40),
    z.refine((text) => isDecimalString(text) && !text.startsWith('-'), 'must be a positive decimal number'),
  );

export const currencyField = z.pipe(
  z.string().check(z.trim(), z.minLength(2), z.maxLength(12), z.regex(/^[A-Za-z0-9]+$/)),
  z.transform((code) => code.toUpperCase()),
);

/** An idempotency key: what makes a money call safe to repeat. */
export const idempotencyKeyField = z.string().check(z.trim(), z.minLength(8), z.maxLength(64), z.regex(/^[\w.:-]+$/));

export const emptyBody = z.pipe(
  z.union([z.strictObject({}), z.undefined(), z.null()]),
  z.transform(() => ({})),
);
