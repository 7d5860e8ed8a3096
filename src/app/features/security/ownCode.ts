/**
 * Codes to the user's own contact (the withdrawal password's change and reset, a contact's
 * change): the e-mail when the account has one, else the phone. The server knows the address;
 * the form only names the kind.
 */
import type { ContactType, Profile } from '../../../shared/api/account';
import { SECURITY_SEND_CODE_CALLS } from '../../../shared/api/security';
import { send } from './securityCalls';

export function ownCodeChannel(profile: Profile): ContactType {
  return profile.email ? 'email' : 'phone';
}

/** Where an own code goes, to show the user: the e-mail, or the phone with its country code. */
export function ownContactText(profile: Profile, type: ContactType): string {
  return type === 'email' ? (profile.email ?? '') : `${profile.countryCode ?? ''} ${profile.phone ?? ''}`.trim();
}

export async function sendOwnCode(purpose: 'changecontact' | 'withdrawpassword', type: ContactType): Promise<number | null> {
  return (await send(SECURITY_SEND_CODE_CALLS[purpose], { body: { type } }))?.resendAfterSeconds ?? null;
}
