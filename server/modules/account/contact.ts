/**
 * Turns the contact a form names into the account key and the code target: e-mail addresses
 * are trimmed and lower-cased, country codes written with one leading plus. Spec 5 formats are
 * checked here and refused as invalidPhone / invalidEmail (HTTP 200, shown to the user).
 */
import type { Contact } from '../../../src/shared/api/account';
import { isValidEmail, isValidPhone, normalizeEmail } from '../../../src/shared/validation';
import { refuse } from './errors';
import type { Executor } from '../../core/executor';
import { isUniqueViolation } from '../../db/unique';
import { findUserByEmail, findUserById, findUserByPhone, updateUserContact, type UserRow } from './repo';

export type AccountKey = { channel: 'email'; email: string } | { channel: 'sms'; countryCode: string; phone: string };

export interface CheckedContact {
  key: AccountKey;
  /** Key of the verification codes: the purpose and this string identify a code's owner. */
  target: string;
  /** Address handed to the sender: the e-mail, or the phone in E.164 form. */
  to: string;
}

/** '86', '+86' and ' +86 ' all mean +86; anything but one to four digits is not a country code. */
export function normalizeCountryCode(countryCode: string): string | undefined {
  const digits = countryCode.trim().replace(/^\+/, '');
  return /^\d{1,4}$/.test(digits) ? `+${digits}` : undefined;
}

export function checkContact(contact: Contact): CheckedContact {
  if (contact.channel === 'email') {
    if (!isValidEmail(contact.email)) refuse('invalidEmail');
    const email = normalizeEmail(contact.email);
    return { key: { channel: 'email', email }, target: email, to: email };
  }
  const countryCode = normalizeCountryCode(contact.countryCode);
  if (!countryCode || !isValidPhone(countryCode, contact.phone)) refuse('invalidPhone');
  // The space keeps +1 234567 and +12 34567 apart.
  return { key: { channel: 'sms', countryCode, phone: contact.phone }, target: `${countryCode} ${contact.phone}`, to: `${countryCode}${contact.phone}` };
}

export function findAccount(executor: Executor, key: AccountKey): Promise<UserRow | undefined> {
  return key.channel === 'email' ? findUserByEmail(executor, key.email) : findUserByPhone(executor, key.countryCode, key.phone);
}

/** Sign-in takes an e-mail, or a phone with its country code; anything else finds no account. */
export async function findSigninAccount(executor: Executor, username: string, countryCode: string | undefined): Promise<UserRow | undefined> {
  if (username.includes('@')) return findUserByEmail(executor, normalizeEmail(username));
  const normalizedCountryCode = normalizeCountryCode(countryCode ?? '');
  return normalizedCountryCode ? findUserByPhone(executor, normalizedCountryCode, username) : undefined;
}

/** The user's bound e-mail and phone as code targets, each absent when not bound. */
export async function contactsOf(executor: Executor, userId: number): Promise<Partial<Record<AccountKey['channel'], CheckedContact>>> {
  const user = await findUserById(executor, userId);
  if (!user) throw new Error(`a session names user ${userId}, who does not exist`);
  return {
    ...(user.email !== null ? { email: checkContact({ channel: 'email', email: user.email }) } : {}),
    ...(user.phone !== null ? { sms: checkContact({ channel: 'sms', countryCode: user.phone_country ?? '', phone: user.phone }) } : {}),
  };
}

/**
 * Binds a contact to the user, replacing the one of its kind; false when it belongs to another
 * account (the unique index decides, so two users racing for one address cannot both get it).
 */
export async function setAccountContact(executor: Executor, userId: number, key: AccountKey): Promise<boolean> {
  try {
    await updateUserContact(executor, userId, key.channel === 'email' ? { email: key.email } : { countryCode: key.countryCode, phone: key.phone });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
