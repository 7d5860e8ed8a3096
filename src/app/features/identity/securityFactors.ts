/**
 * The dashboard's security level: which protections the account has. The login password always
 * is one; the e-mail and the phone come with the profile; Google Authenticator and the withdrawal
 * password from the security state (GET /account/security, the security page's own read). Until
 * that answers, and if it fails, those two count as not set: the summary never claims more than
 * it knows.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { Profile } from '../../../shared/api/account';
import { securityStatusCall } from '../../../shared/api/security';
import { countSecurityFactors, SECURITY_FACTORS_TOTAL } from '../../../shared/security';
import { callApi } from '../../api/client';

export interface SecurityFactor {
  key: 'password' | 'email' | 'phone' | 'ga' | 'withdrawPassword';
  label: string;
  set: boolean;
}

async function readSecurityState(): Promise<{ gaBound: boolean; withdrawPasswordSet: boolean } | null> {
  try {
    const state = await callApi(securityStatusCall, {}, { silentAll: true });
    return state === false ? null : state;
  } catch (error) {
    console.warn('Failed to read the security settings', error);
    return null;
  }
}

/** The five protections with their state, and how many are set (counted as the security page counts them). */
export function useSecurityFactors(profile: Profile): { factors: SecurityFactor[]; set: number; total: number } {
  const { t } = useLingui();
  const [state, setState] = useState<{ gaBound: boolean; withdrawPasswordSet: boolean } | null>(null);
  useEffect(() => {
    let current = true;
    void readSecurityState().then((answer) => {
      if (current) setState(answer);
    });
    return () => {
      current = false;
    };
  }, []);
  const gaBound = state?.gaBound ?? false;
  const withdrawPasswordSet = state?.withdrawPasswordSet ?? false;
  const factors: SecurityFactor[] = [
    { key: 'password', label: t`Login password`, set: true },
    { key: 'email', label: t`E-mail address`, set: Boolean(profile.email) },
    { key: 'phone', label: t`Phone number`, set: Boolean(profile.phone) },
    { key: 'ga', label: t`Google Authenticator`, set: gaBound },
    { key: 'withdrawPassword', label: t`Withdrawal password`, set: withdrawPasswordSet },
  ];
  return { factors, set: countSecurityFactors({ gaBound, withdrawPasswordSet, phone: profile.phone, email: profile.email }), total: SECURITY_FACTORS_TOTAL };
}
