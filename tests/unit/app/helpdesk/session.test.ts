/** Proves where the widget keeps a chat for resume (R-HELP-06): one key per phone (the e-mail for an account without one), one for this browser's visitors, and only records this app wrote are read back. */
import { describe, expect, it } from 'vitest';
import { chatSessionKey, parseStoredChat, VISITOR_CHAT_KEY } from '../../../../src/app/features/helpdesk/session';

const CHAT = { sessionId: 'sessionAAAAAAAAAAAAAAAAAAAAAAAA', chatId: 'chatBBBBBBBBBBBBBBBBBB', timeCreated: 1_700_000_000_000 };

describe('chatSessionKey', () => {
  it('R-HELP-06 keys a signed-in user by phone, with the country code', () => {
    expect(chatSessionKey({ phone: '13800000000', countryCode: '+86', email: 'a@b.c' })).toBe('phone:+8613800000000');
    expect(chatSessionKey({ phone: ' 5550100 ' })).toBe('phone:5550100');
  });

  it('R-HELP-06 keys an account without a phone by its e-mail, case-insensitively', () => {
    expect(chatSessionKey({ email: 'Trader1@Demo.Exchange' })).toBe('email:trader1@demo.exchange');
    expect(chatSessionKey({ phone: '', email: 'x@y.z' })).toBe('email:x@y.z');
  });

  it('R-HELP-06 gives visitors one stable key', () => {
    expect(chatSessionKey(null)).toBe(VISITOR_CHAT_KEY);
    expect(chatSessionKey(null)).toBe(chatSessionKey(null));
    expect(chatSessionKey({})).toBe(VISITOR_CHAT_KEY);
  });
});

describe('parseStoredChat', () => {
  it('reads back a record it wrote', () => {
    expect(parseStoredChat(JSON.stringify(CHAT))).toEqual(CHAT);
    expect(parseStoredChat(JSON.stringify({ ...CHAT, extra: 'ignored' }))).toEqual(CHAT);
  });

  it('ignores anything else', () => {
    for (const raw of [
      null,
      '',
      'not json',
      'null',
      '[]',
      JSON.stringify({ ...CHAT, sessionId: 'short' }),
      JSON.stringify({ ...CHAT, chatId: '../x' }),
      JSON.stringify({ ...CHAT, timeCreated: 'now' }),
    ]) {
      expect(parseStoredChat(raw)).toBeNull();
    }
  });
});
