/**
 * The security level the profile screens show: how many of the five protections an account has
 * (the login password always; the withdrawal password, Google Authenticator, a phone and an
 * e-mail when set), and its word. Pure, so the security page and the dashboard count alike.
 */
export const SECURITY_FACTORS_TOTAL = 5;

export type SecurityLevel = 'low' | 'medium' | 'high';

export function countSecurityFactors(state: { withdrawPasswordSet: boolean; gaBound: boolean; phone?: string; email?: string }): number {
  return 1 + [state.withdrawPasswordSet, state.gaBound, Boolean(state.phone), Boolean(state.email)].filter(Boolean).length;
}

/** Low below three, high from four: GA or the withdrawal password is needed beyond the basics to reach high. */
export function securityLevelOf(factors: number): SecurityLevel {
  if (factors >= 4) return 'high';
  return factors === 3 ? 'medium' : 'low';
}
