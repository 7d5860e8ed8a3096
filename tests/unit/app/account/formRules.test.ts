/** Proves the account forms' own checks (spec 5 phone and e-mail rules, the password rule) and how a server refusal is placed on the form. */
import { describe, expect, it } from 'vitest';
import {
  confirmProblem,
  contactBody,
  contactProblem,
  emptyContact,
  firstProblemField,
  isContactOf,
  passwordProblem,
  placeRefusal,
  refusalField,
  requiredProblem,
  signInUsername,
  type ContactValue,
} from '../../../../src/app/features/account/formRules';
import { ACCOUNT_ERRCODES, PROTOCOL_ERRCODES } from '../../../../src/shared/errcodes';

function email(address: string): ContactValue {
  return { ...emptyContact('email'), email: address };
}

function phone(dialCode: string, number: string): ContactValue {
  return { ...emptyContact('phone'), regionCode: dialCode === '+86' ? 'CN' : 'US', dialCode, phone: number };
}

describe('contactProblem', () => {
  it('R-VAL-06 takes a trimmed e-mail of word, dash or dot characters around an @', () => {
    expect(contactProblem(email('  trader.one-2@demo.exchange '))).toBeNull();
    expect(contactProblem(email(''))).toBe('emailRequired');
    expect(contactProblem(email('   '))).toBe('emailRequired');
    expect(contactProblem(email('trader@'))).toBe('invalidEmail');
    expect(contactProblem(email('trader one@demo.exchange'))).toBe('invalidEmail');
    expect(contactProblem(email('trader+tag@demo.exchange'))).toBe('invalidEmail');
  });

  it('R-VAL-05 with +86 takes 11 digits starting with 1', () => {
    expect(contactProblem(phone('+86', '13800000000'))).toBeNull();
    expect(contactProblem(phone('+86', '23800000000'))).toBe('invalidPhone');
    expect(contactProblem(phone('+86', '1380000000'))).toBe('invalidPhone');
  });

  it('R-VAL-05 otherwise takes 6 to 16 characters, digits after the first; spaces and dashes are ignored', () => {
    expect(contactProblem(phone('+1', '415555'))).toBeNull();
    expect(contactProblem(phone('+1', '415 555-0100'))).toBeNull();
    expect(contactProblem(phone('+1', '41555'))).toBe('invalidPhone');
    expect(contactProblem(phone('+1', '41555501001234567'))).toBe('invalidPhone');
    expect(contactProblem(phone('+1', '4155x50100'))).toBe('invalidPhone');
  });

  it('asks for the number and the country code', () => {
    expect(contactProblem(phone('+1', ''))).toBe('phoneRequired');
    expect(contactProblem(phone('', '4155550100'))).toBe('countryCodeRequired');
  });
});

describe('password checks', () => {
  it('sign-in only needs a password; a new one needs 8 to 64 characters with a letter and a digit', () => {
    expect(passwordProblem('', 'any')).toBe('passwordRequired');
    expect(passwordProblem('x', 'any')).toBeNull();
    expect(passwordProblem('', 'new')).toBe('passwordRequired');
    expect(passwordProblem('short1a', 'new')).toBe('weakPassword');
    expect(passwordProblem('lettersonly', 'new')).toBe('weakPassword');
    expect(passwordProblem('12345678', 'new')).toBe('weakPassword');
    expect(passwordProblem(`a1${'x'.repeat(63)}`, 'new')).toBe('weakPassword');
    expect(passwordProblem('Journey123', 'new')).toBeNull();
  });

  it('the confirmation must be given and equal', () => {
    expect(confirmProblem('Journey123', '')).toBe('confirmRequired');
    expect(confirmProblem('Journey123', 'Journey124')).toBe('passwordMismatch');
    expect(confirmProblem('Journey123', 'Journey123')).toBeNull();
  });

  it('codes and captchas are required', () => {
    expect(requiredProblem(' ', 'codeRequired')).toBe('codeRequired');
    expect(requiredProblem('123456', 'codeRequired')).toBeNull();
    expect(requiredProblem('', 'captchaRequired')).toBe('captchaRequired');
  });
});

describe('the contact on the wire', () => {
  it('sends the e-mail trimmed, or the phone with its country code and digits only', () => {
    expect(contactBody(email(' a@b.c '))).toEqual({ type: 'email', email: 'a@b.c' });
    expect(contactBody(phone('+86', '138 0000 0000'))).toEqual({ type: 'phone', countryCode: '+86', phone: '13800000000' });
    expect(signInUsername(email(' a@b.c '))).toEqual({ username: 'a@b.c' });
    expect(signInUsername(phone('+1', '415-555-0100'))).toEqual({ username: '4155550100', countryCode: '+1' });
  });
});

describe('placeRefusal', () => {
  it('puts a refusal at the field it is about', () => {
    expect(refusalField(ACCOUNT_ERRCODES.invalidEmail)).toBe('contact');
    expect(refusalField(ACCOUNT_ERRCODES.accountExists)).toBe('contact');
    expect(refusalField(ACCOUNT_ERRCODES.weakPassword)).toBe('password');
    expect(refusalField(ACCOUNT_ERRCODES.verificationCodeWrong)).toBe('code');
    expect(refusalField(ACCOUNT_ERRCODES.verificationCodeTooSoon)).toBe('code');
    expect(refusalField(ACCOUNT_ERRCODES.captchaWrong)).toBe('captcha');
    expect(refusalField(ACCOUNT_ERRCODES.referralCodeUnknown)).toBe('referral');
    expect(placeRefusal({ code: ACCOUNT_ERRCODES.captchaWrong, message: 'Wrong captcha.' })).toEqual({ fields: { captcha: 'Wrong captcha.' }, form: null });
  });

  it('shows a wrong password, and the request for the captcha (errcode 8), on the whole form', () => {
    expect(placeRefusal({ code: ACCOUNT_ERRCODES.wrongCredentials, message: 'Wrong e-mail or password.' })).toEqual({
      fields: {},
      form: 'Wrong e-mail or password.',
    });
    expect(placeRefusal({ code: PROTOCOL_ERRCODES.captchaRequired, message: 'Enter the captcha.' }).form).toBe('Enter the captcha.');
  });

  it('spreads an invalid-fields answer (HTTP 400) by the fields it names', () => {
    const placed = placeRefusal({
      code: 400,
      message: 'Invalid fields',
      fields: { email: 'too long', vcode: 'required', referralCode: 'too long', formPage: 'odd' },
    });
    expect(placed).toEqual({ fields: { contact: 'too long', code: 'required', referral: 'too long' }, form: 'odd' });
  });

  it('finds the first field in trouble in form order', () => {
    expect(firstProblemField({ password: 'x', contact: 'y' }, ['contact', 'password'])).toBe('contact');
    expect(firstProblemField({ captcha: 'x' }, ['contact', 'password', 'captcha'])).toBe('captcha');
    expect(firstProblemField({}, ['contact'])).toBeUndefined();
  });
});

describe('isContactOf', () => {
  it("tells whether a reset named the signed-in user's own account", () => {
    expect(isContactOf({ email: 'trader@demo.exchange' }, email(' Trader@Demo.Exchange '))).toBe(true);
    expect(isContactOf({ email: 'trader@demo.exchange' }, email('other@demo.exchange'))).toBe(false);
    expect(isContactOf({ phone: '13800000000', countryCode: '+86' }, phone('+86', '138 0000 0000'))).toBe(true);
    expect(isContactOf({ phone: '13800000000', countryCode: '+86' }, phone('+1', '13800000000'))).toBe(false);
    expect(isContactOf({ email: 'trader@demo.exchange' }, phone('+86', '13800000000'))).toBe(false);
    expect(isContactOf({ phone: '13800000000', countryCode: '+86' }, email('trader@demo.exchange'))).toBe(false);
  });
});
