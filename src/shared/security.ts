/**
 * The security level the profile screens show: how many of the five protections an account has
 * (the login password always; the withdrawal password, Google Authenticator, a phone and an
 * e-mail when set), and its word. Pure, so the security page and the dashboard count alike; and
 * the length of a Google Authenticator code, which the login form and the server share.
 */
export const SECURITY_FACTORS_TOTAL = 5;

/** Google Authenticator's codes: six digits (RFC 6238 with its defaults). */
export const TWO_FACTOR_CODE_DIGITS = 6;

export type SecurityLevel = 'low' | 'medium' | 'high';

export function countSecurityFactors(state: { withdrawPasswordSet: boolean; gaBound: boolean; phone?: string; email?: string }): number {
  return 1 + [state.withdrawPasswordSet, state.gaBound, Boolean(state.phone), Boolean(state.email)].filter(Boolean).length;
}

/** Low below three, high from four: GA or the withdrawal password is needed beyond the basics to reach high. */
export function securityLevelOf(factors: number): SecurityLevel {
  if (factors >= 4) return 'high';
  return factors === 3 ? 'medium' : 'low';
}
