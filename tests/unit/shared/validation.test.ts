/** Proves the validation rules of spec section 5 that the server and the app share: phone, e-mail, password, profile and identity status. */
import { describe, expect, it } from 'vitest';
import {
  assertValidProfile,
  isAcceptablePassword,
  isValidEmail,
  isValidPhone,
  normalizeEmail,
  parseIdentityStatus,
} from '../../../src/shared/validation';

describe('isValidPhone', () => {
  it('R-VAL-05 with +86 takes exactly 11 digits starting with 1', () => {
    expect(isValidPhone('+86', '13800138000')).toBe(true);
    expect(isValidPhone('+86', '19912345678')).toBe(true);
    expect(isValidPhone('+86', '23800138000')).toBe(false);
    expect(isValidPhone('+86', '1380013800')).toBe(false);
    expect(isValidPhone('+86', '138001380000')).toBe(false);
    expect(isValidPhone('+86', '1380013800a')).toBe(false);
    expect(isValidPhone('+86', '')).toBe(false);
  });

  it('R-VAL-05 reads the +86 rule whether or not the country code carries its plus', () => {
    expect(isValidPhone('86', '13800138000')).toBe(true);
    expect(isValidPhone(' +86 ', '23800138000')).toBe(false);
    // Without the +86 rule, an 11-digit number starting with 2 is fine elsewhere.
    expect(isValidPhone('+852', '23800138000')).toBe(true);
  });

  it('R-VAL-05 elsewhere takes 6 to 16 characters, digits only after the first', () => {
    expect(isValidPhone('+1', '123456')).toBe(true);
    expect(isValidPhone('+1', '1234567890123456')).toBe(true);
    expect(isValidPhone('+1', '12345')).toBe(false);
    expect(isValidPhone('+1', '12345678901234567')).toBe(false);
    expect(isValidPhone('+44', '+7700900123')).toBe(true);
    expect(isValidPhone('+44', '07700 900123')).toBe(false);
    expect(isValidPhone('+44', '770090012a')).toBe(false);
    expect(isValidPhone('+44', ' 77009001')).toBe(false);
  });
});

describe('isValidEmail', () => {
  it('R-VAL-06 takes word, dash or dot characters, an @, then word, dash or dot characters', () => {
    expect(isValidEmail('trader1@demo.exchange')).toBe(true);
    expect(isValidEmail('first.last-name_2@mail-server.co.uk')).toBe(true);
    expect(isValidEmail('a@b')).toBe(true);
  });

  it('R-VAL-06 trims before checking', () => {
    expect(isValidEmail('  someone@example.com  ')).toBe(true);
  });

  it('R-VAL-06 refuses anything else', () => {
    for (const email of ['', 'no-at-sign', '@example.com', 'someone@', 'a@b@c', 'two words@example.com', 'plus+tag@example.com', 'someone@exa mple.com', 'ünï@example.com']) {
      expect(isValidEmail(email), email).toBe(false);
    }
  });

  it('normalizes e-mail addresses to trimmed lower case', () => {
    expect(normalizeEmail('  Someone@Example.COM ')).toBe('someone@example.com');
  });
});

describe('isAcceptablePassword', () => {
  it('needs 8 to 64 characters with a letter and a digit', () => {
    expect(isAcceptablePassword('Secret12')).toBe(true);
    expect(isAcceptablePassword(`a1${'x'.repeat(62)}`)).toBe(true);
    expect(isAcceptablePassword(`a1${'x'.repeat(63)}`)).toBe(false);
    expect(isAcceptablePassword('Secret1')).toBe(false);
    expect(isAcceptablePassword('onlyletters')).toBe(false);
    expect(isAcceptablePassword('1234567890')).toBe(false);
  });
});

describe('assertValidProfile', () => {
  it('R-VAL-02 takes a profile with a phone or an e-mail string', () => {
    const withEmail = { email: 'someone@example.com', referralCode: 'ABCDEFGH' };
    expect(assertValidProfile(withEmail)).toBe(withEmail);
    expect(assertValidProfile({ phone: '13800138000' })).toEqual({ phone: '13800138000' });
  });

  it("R-VAL-02 rejects a profile without one with 'An invalid profile'", () => {
    expect(() => assertValidProfile({ referralCode: 'ABCDEFGH' } as { phone?: unknown; email?: unknown })).toThrow('An invalid profile');
    expect(() => assertValidProfile({ phone: 13800138000, email: null })).toThrow('An invalid profile');
    expect(() => assertValidProfile(null)).toThrow('An invalid profile');
    expect(() => assertValidProfile(undefined)).toThrow('An invalid profile');
  });
});

describe('parseIdentityStatus', () => {
  it('R-VAL-09 takes a non-negative number', () => {
    for (const status of [0, 1, 2, 3, 4]) expect(parseIdentityStatus(status)).toBe(status);
  });

  it('R-VAL-09 treats anything else as an error', () => {
    for (const value of [-1, '4', null, undefined, Number.NaN, Number.POSITIVE_INFINITY, {}]) {
      expect(() => parseIdentityStatus(value)).toThrow('Invalid id-verification status response');
    }
  });
});
