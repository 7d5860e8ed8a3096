/**
 * Texts the server sends to people: errmsg of every errcode and the notification messages,
 * in all 13 languages. The type makes a missing translation a compile error.
 * Placeholders are written {name} and must be the same in every language.
 */
import type { ErrcodeName } from '../../src/shared/errcodes';
import { DEFAULT_REQUEST_LANGUAGE, type Language } from '../../src/shared/languages';

export type Texts = { en: string } & Partial<Record<Language, string>>;

export const ERROR_MESSAGES: Record<ErrcodeName, Texts> = {
  ok: { en: 'OK' },
  unknown: { en: 'Something went wrong. Please try again.' },
  notFound: { en: 'Not found.' },
  forbidden: { en: 'You are not allowed to do this.' },
  csrfInvalid: { en: 'Your session token is missing or out of date. Reload the page and try again.' },
  captchaRequired: { en: 'Please enter the characters shown in the image.' },
  rateLimited: { en: 'Too many requests. Please wait a moment and try again.' },
  secondFactorRequired: { en: 'A verification code is required.' },
  acceptedPending: { en: 'Your request was accepted and is pending.' },
  invalidFields: { en: 'Some fields are invalid.' },
  unauthorized: { en: 'Please sign in.' },
  payloadTooLarge: { en: 'The request is too large.' },
  unsupportedMediaType: { en: 'This content type is not supported.' },
  internal: { en: 'A server error occurred. Please try again later.' },
  wrongCredentials: { en: 'Wrong account or password.' },
  accountExists: { en: 'An account with this phone number or e-mail already exists.' },
  invalidPhone: { en: 'Invalid phone number.' },
  invalidEmail: { en: 'Invalid e-mail address.' },
  weakPassword: { en: 'The password must be 8 to 64 characters with at least one letter and one digit.' },
  verificationCodeWrong: { en: 'Wrong verification code.' },
  verificationCodeExpired: { en: 'The verification code has expired. Please request a new one.' },
  verificationCodeTooSoon: { en: 'A code was sent recently. Please wait {seconds} seconds before asking again.' },
  captchaWrong: { en: 'Wrong image code.' },
  accountNotFound: { en: 'No account was found.' },
  accountDisabled: { en: 'This account is disabled. Please contact support.' },
  referralCodeUnknown: { en: 'Unknown referral code.' },
  insufficientBalance: { en: 'Insufficient balance.' },
  idempotencyConflict: { en: 'This request key was already used for a different request.' },
  invalidAmount: { en: 'Invalid amount.' },
  unknownCurrency: { en: 'Unknown currency.' },
  sameWallet: { en: 'Choose two different accounts.' },
  walletNotAllowed: { en: 'This account cannot be used for transfers.' },
  amountTooLarge: { en: 'The amount is too large.' },
  idempotencyKeyRequired: { en: 'A request key is required.' },
  postNotFound: { en: 'The article was not found.' },
  categoryNotFound: { en: 'The category was not found.' },
  notificationNotFound: { en: 'The notification was not found.' },
  symbolNotFound: { en: 'Unknown market.' },
  operatorOnly: { en: 'Only operators may do this.' },
  auditFailed: { en: 'The ledger audit failed.' },
};

/** Notification texts by notification type name (spec 3). */
export const NOTIFICATION_MESSAGES = {
  registration: { en: 'Welcome! Your account was created.' },
  login: { en: 'New sign-in to your account from {ip}.' },
  resetLoginPassword: { en: 'Your login password was reset. If this was not you, contact support at once.' },
} satisfies Record<string, Texts>;

/** Messages of sign-up and reset codes sent by SMS or e-mail. */
export const CODE_MESSAGES = {
  register: { en: 'Your registration code is {code}. It expires in {minutes} minutes.' },
  resetpassword: { en: 'Your password reset code is {code}. It expires in {minutes} minutes.' },
} satisfies Record<string, Texts>;

export function translate(texts: Texts, language: Language, params: Record<string, string | number> = {}): string {
  const template = texts[language] ?? texts[DEFAULT_REQUEST_LANGUAGE] ?? texts.en;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
