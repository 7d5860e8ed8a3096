/**
 * The checks the account forms make before they send anything (spec 5: phone and e-mail formats;
 * the password rule the server applies too), and the shape each call wants the contact in. The
 * results are problem names, so that they can be tested without React and translated in one
 * place (messages.ts).
 */
import type { ContactType, Profile } from '../../../shared/api/account';
import { ACCOUNT_ERRCODES, SECURITY_ERRCODES } from '../../../shared/errcodes';
import { isAcceptablePassword, isValidEmail, isValidPhone, normalizeEmail } from '../../../shared/validation';

export interface ContactValue {
  kind: ContactType;
  email: string;
  /** ISO code of the region chosen in the country-code select (several share a dial code). */
  regionCode: string;
  /** The region's dial code with its plus sign, e.g. +86. */
  dialCode: string;
  phone: string;
}

export type FieldProblem =
  | 'emailRequired'
  | 'phoneRequired'
  | 'countryCodeRequired'
  | 'invalidEmail'
  | 'invalidPhone'
  | 'passwordRequired'
  | 'weakPassword'
  | 'confirmRequired'
  | 'passwordMismatch'
  | 'codeRequired'
  | 'captchaRequired'
  | 'termsRequired';

/** The fields of the account forms that can carry a message of their own. */
export type FormField = 'contact' | 'password' | 'confirm' | 'code' | 'captcha' | 'referral' | 'terms';

export function emptyContact(kind: ContactType = 'email'): ContactValue {
  return { kind, email: '', regionCode: '', dialCode: '', phone: '' };
}

/** Phone numbers are often typed with spaces or dashes; spec 5 allows digits only. */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s().-]/g, '');
}

export function contactProblem(contact: ContactValue): FieldProblem | null {
  if (contact.kind === 'email') {
    const email = contact.email.trim();
    if (email === '') return 'emailRequired';
    return isValidEmail(email) ? null : 'invalidEmail';
  }
  const phone = normalizePhone(contact.phone);
  if (phone === '') return 'phoneRequired';
  if (contact.dialCode === '') return 'countryCodeRequired';
  return isValidPhone(contact.dialCode, phone) ? null : 'invalidPhone';
}

/** Sign-in only asks for a password; new passwords must pass isAcceptablePassword. */
export function passwordProblem(password: string, rule: 'any' | 'new'): FieldProblem | null {
  if (password === '') return 'passwordRequired';
  if (rule === 'new' && !isAcceptablePassword(password)) return 'weakPassword';
  return null;
}

export function confirmProblem(password: string, confirm: string): FieldProblem | null {
  if (confirm === '') return 'confirmRequired';
  return confirm === password ? null : 'passwordMismatch';
}

export function requiredProblem(value: string, problem: 'codeRequired' | 'captchaRequired'): FieldProblem | null {
  return value.trim() === '' ? problem : null;
}

/** The contact as /vcode/{type}, /account/create and /account/resetpassword take it. */
export function contactBody(contact: ContactValue): { type: 'email'; email: string } | { type: 'phone'; countryCode: string; phone: string } {
  if (contact.kind === 'email') return { type: 'email', email: contact.email.trim() };
  return { type: 'phone', countryCode: contact.dialCode, phone: normalizePhone(contact.phone) };
}

/** The contact as /account/signin takes it: an e-mail, or a phone with its country code. */
export function signInUsername(contact: ContactValue): { username: string; countryCode?: string } {
  if (contact.kind === 'email') return { username: contact.email.trim() };
  return { username: normalizePhone(contact.phone), countryCode: contact.dialCode };
}

/** Whether a contact names the account of a profile (the reset of the signed-in account ends its session). */
export function isContactOf(profile: Pick<Profile, 'email' | 'phone' | 'countryCode'>, contact: ContactValue): boolean {
  if (contact.kind === 'email') return profile.email !== undefined && profile.email === normalizeEmail(contact.email);
  return profile.phone === normalizePhone(contact.phone) && profile.countryCode === contact.dialCode;
}

/** The first field (in form order) that has a problem, to move the focus there. */
export function firstProblemField(problems: Partial<Record<FormField, unknown>>, order: readonly FormField[]): FormField | undefined {
  return order.find((field) => problems[field]);
}

/** Which field a server refusal is about; 'form' when it is about the whole form. */
export function refusalField(errcode: number): FormField | 'form' {
  switch (errcode) {
    case ACCOUNT_ERRCODES.invalidEmail:
    case ACCOUNT_ERRCODES.invalidPhone:
    case ACCOUNT_ERRCODES.accountExists:
      return 'contact';
    case ACCOUNT_ERRCODES.weakPassword:
      return 'password';
    case ACCOUNT_ERRCODES.verificationCodeWrong:
    case ACCOUNT_ERRCODES.verificationCodeExpired:
    case ACCOUNT_ERRCODES.verificationCodeTooSoon:
    case SECURITY_ERRCODES.twoFactorCodeWrong: // the sign-in's two-factor step
      return 'code';
    case ACCOUNT_ERRCODES.captchaWrong:
      return 'captcha';
    case ACCOUNT_ERRCODES.referralCodeUnknown:
      return 'referral';
    default:
      return 'form';
  }
}

/** The field an invalid-fields answer (HTTP 400) names, by the body's field name. */
export function fieldOfInput(name: string): FormField | 'form' {
  switch (name) {
    case 'email':
    case 'phone':
    case 'countryCode':
    case 'username':
    case 'type':
      return 'contact';
    case 'password':
      return 'password';
    case 'vcode':
    case 'gaCode':
      return 'code';
    case 'captcha':
      return 'captcha';
    case 'referralCode':
      return 'referral';
    default:
      return 'form';
  }
}

export interface Refusal {
  code: number;
  message: string;
  fields?: Record<string, string>;
}

/** Spreads a refusal over the form: field messages by field, the rest as the form's message. */
export function placeRefusal(refusal: Refusal): { fields: Partial<Record<FormField, string>>; form: string | null } {
  const fields: Partial<Record<FormField, string>> = {};
  let form: string | null = null;
  const named = Object.entries(refusal.fields ?? {});
  for (const [name, message] of named) {
    const field = fieldOfInput(name);
    if (field === 'form') form ??= message;
    else fields[field] ??= message;
  }
  if (named.length === 0) {
    const field = refusalField(refusal.code);
    if (field === 'form') form = refusal.message;
    else fields[field] = refusal.message;
  }
  return { fields, form };
}
