/**
 * How a profile is named on screen (spec 3: a profile has a phone or an e-mail, at least one, and
 * maybe a real name): the contact is the e-mail, else the phone with its country code; the display
 * name is the real name, else the contact. One definition for the header, the user card, the
 * account panel and every page that greets the user.
 */
import type { Profile } from './api/account';

type Named = Pick<Profile, 'realName' | 'email' | 'phone' | 'countryCode'>;

export function contactOf(profile: Pick<Profile, 'email' | 'phone' | 'countryCode'>): string {
  if (profile.email) return profile.email;
  return [profile.countryCode, profile.phone].filter(Boolean).join(' ');
}

export function displayNameOf(profile: Named): string {
  return profile.realName.trim() || contactOf(profile);
}

/** Who a profile belongs to: a different key means another user signed in. */
export function identityKeyOf(profile: Pick<Profile, 'email' | 'phone' | 'countryCode'>): string {
  return `${profile.email ?? ''}|${profile.countryCode ?? ''}|${profile.phone ?? ''}`;
}
