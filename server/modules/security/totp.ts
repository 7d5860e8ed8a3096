/**
 * Time-based one-time passwords as Google Authenticator makes them (RFC 6238: HMAC-SHA-1, 30 s
 * steps, 6 digits), from the otpauth library. Pure: the caller passes the time, which is how the
 * tests check the skew window and the replay rule with a clock of their own.
 */
import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { TWO_FACTOR_CODE_DIGITS } from '../../../src/shared/security';

export const TOTP_PERIOD_SECONDS = 30;
/** Codes of one step before and after now are accepted too: phones' clocks drift. */
export const TOTP_WINDOW_STEPS = 1;
/** 160 bits, the size RFC 4226 recommends and Google Authenticator expects. */
const SECRET_BYTES = 20;

/** A new random secret in base32, the form the authenticator app takes. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secretBase32: string, issuer: string, accountName: string): string {
  return new TOTP({ issuer, label: accountName, secret: Secret.fromBase32(secretBase32), digits: TWO_FACTOR_CODE_DIGITS, period: TOTP_PERIOD_SECONDS }).toString();
}

export function totpStepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of one time step (tests and the e2e suite compute codes the same way). */
export function totpCodeAt(secretBase32: string, step: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secretBase32), digits: TWO_FACTOR_CODE_DIGITS, period: TOTP_PERIOD_SECONDS, timestamp: step * TOTP_PERIOD_SECONDS * 1000 });
}

/**
 * The time step whose code `code` is, within the window around `nowMs` and later than
 * `lastUsedStep`; null when none matches. A code of a step already used is refused, so that a
 * code seen once (over a shoulder, in a log) cannot be used again.
 */
export function matchTotpStep(secretBase32: string, code: string, nowMs: number, lastUsedStep: number): number | null {
  const presented = Buffer.from(code.trim());
  if (presented.length !== TWO_FACTOR_CODE_DIGITS) return null;
  const current = totpStepAt(nowMs);
  for (let step = current - TOTP_WINDOW_STEPS; step <= current + TOTP_WINDOW_STEPS; step += 1) {
    if (step <= lastUsedStep) continue;
    if (crypto.timingSafeEqual(presented, Buffer.from(totpCodeAt(secretBase32, step)))) return step;
  }
  return null;
}
