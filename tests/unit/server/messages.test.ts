/** Proves that every server text exists in all 13 languages with the English placeholders, and that translate() fills them and falls back to English. */
import { describe, expect, it } from 'vitest';
import * as serverTexts from '../../../server/i18n/messages';
import { CODE_MESSAGES, ERROR_MESSAGES, NOTIFICATION_MESSAGES, translate, type Texts } from '../../../server/i18n/messages';
import { LANGUAGES, type Language } from '../../../src/shared/languages';

function isTexts(value: unknown): value is Texts {
  return typeof value === 'object' && value !== null && typeof (value as { en?: unknown }).en === 'string';
}

/** Every table of server texts that server/i18n/messages.ts exports (error messages, each area's notifications, codes, the help desk's). */
const TABLES: Record<string, Record<string, Texts>> = Object.fromEntries(
  Object.entries(serverTexts).filter((entry): entry is [string, Record<string, Texts>] => {
    const table = entry[1];
    return typeof table === 'object' && table !== null && Object.values(table).length > 0 && Object.values(table).every(isTexts);
  }),
);
const ENTRIES = Object.entries(TABLES).flatMap(([table, entries]) =>
  Object.entries(entries).map(([key, texts]) => ({ name: `${table}.${key}`, texts })),
);
/** Languages whose script differs from English, so an untranslated copy would show. */
const OWN_SCRIPT: Language[] = ['zh', 'zh-CHT', 'ja', 'ko', 'hi'];

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();
}

describe('server messages', () => {
  it('has entries in every table', () => {
    expect(Object.keys(TABLES)).toEqual(expect.arrayContaining(['ERROR_MESSAGES', 'NOTIFICATION_MESSAGES', 'CODE_MESSAGES', 'FUTURES_NOTIFICATION_MESSAGES', 'BOPTION_NOTIFICATION_MESSAGES']));
    expect(Object.keys(TABLES).length).toBeGreaterThanOrEqual(10);
    expect(ENTRIES.length).toBeGreaterThan(40);
  });

  it.each(ENTRIES)('$name is translated into every language', ({ texts }) => {
    const english = placeholders(texts.en);
    for (const language of LANGUAGES) {
      const text = texts[language];
      expect(typeof text, language).toBe('string');
      expect(text.trim(), language).not.toBe('');
      expect(placeholders(text), language).toEqual(english);
      expect(text, language).not.toMatch(/\{(?!\w+\})|(?<!\{\w+)\}/);
    }
    for (const language of OWN_SCRIPT) expect(texts[language], language).not.toBe(texts.en);
  });

  it('has no keys beyond the 13 languages', () => {
    for (const { name, texts } of ENTRIES) expect(Object.keys(texts).sort(), name).toEqual([...LANGUAGES].sort());
  });
});

describe('translate', () => {
  it('fills every placeholder in every language', () => {
    for (const language of LANGUAGES) {
      const text = translate(CODE_MESSAGES.register, language, { code: '123456', minutes: 10 });
      expect(text).toContain('123456');
      expect(text).toContain('10');
      expect(text).not.toMatch(/\{\w+\}/);
    }
    expect(translate(CODE_MESSAGES.register, 'en', { code: '123456', minutes: 10 })).toBe(
      'Your registration code is 123456. It expires in 10 minutes.',
    );
    expect(translate(ERROR_MESSAGES.verificationCodeTooSoon, 'zh', { seconds: 42 })).toBe(
      '验证码刚刚已发送，请等待 42 秒后再试。',
    );
    expect(translate(NOTIFICATION_MESSAGES.login, 'ja', { ip: '203.0.113.7' })).toContain('203.0.113.7');
  });

  it('returns the text of the requested language', () => {
    expect(translate(ERROR_MESSAGES.insufficientBalance, 'zh')).toBe('余额不足。');
    expect(translate(ERROR_MESSAGES.insufficientBalance, 'ja')).toBe('残高が不足しています。');
    expect(translate(ERROR_MESSAGES.insufficientBalance, 'en')).toBe('Insufficient balance.');
  });

  it('leaves a placeholder without a value as written and ignores extra values', () => {
    expect(translate(NOTIFICATION_MESSAGES.login, 'en')).toBe('New sign-in to your account from {ip}.');
    expect(translate(ERROR_MESSAGES.notFound, 'en', { ip: 'x' })).toBe('Not found.');
  });

  it('falls back to English for a language outside the 13', () => {
    for (const language of ['xx', 'constructor', '__proto__']) {
      expect(translate(ERROR_MESSAGES.insufficientBalance, language as Language)).toBe('Insufficient balance.');
    }
  });
});
