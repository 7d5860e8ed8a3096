/** Proves the chat's emoticon tokens (R-HELP-10): 57 emoticons 0-56, each distinct and named, written as `#id;` and read back from message text without ever turning text into anything else. */
import { describe, expect, it } from 'vitest';
import { emoticonToken, isEmoticonId, isOnlyEmoticons, tokenizeChatText } from '../../../../src/app/features/helpdesk/emoticonTokens';
import { EMOTICONS } from '../../../../src/app/features/helpdesk/emoticons';
import { EMOTICON_COUNT } from '../../../../src/shared/constants';

describe('the emoticon set', () => {
  it('R-HELP-10 has 57 emoticons with ids 0 to 56, each with its own name and its own look', () => {
    expect(EMOTICON_COUNT).toBe(57);
    expect(EMOTICONS.map((emoticon) => emoticon.id)).toEqual(Array.from({ length: EMOTICON_COUNT }, (_, id) => id));
    const names = new Set(EMOTICONS.map((emoticon) => emoticon.name.message ?? emoticon.name.id));
    expect(names.size).toBe(EMOTICON_COUNT);
    // Two emoticons may share a drawing only if they move differently (a smile, and the same smile upside down).
    const looks = new Set(EMOTICONS.map((emoticon) => JSON.stringify([emoticon.art, emoticon.motion])));
    expect(looks.size).toBe(EMOTICON_COUNT);
  });
});

describe('emoticon tokens', () => {
  it('R-HELP-10 writes an emoticon as a hash, its id and a semicolon', () => {
    expect(emoticonToken(0)).toBe('#0;');
    expect(emoticonToken(56)).toBe('#56;');
    expect(() => emoticonToken(57)).toThrow(RangeError);
    expect(() => emoticonToken(-1)).toThrow(RangeError);
    expect(isEmoticonId(56)).toBe(true);
    expect(isEmoticonId(1.5)).toBe(false);
  });

  it('R-HELP-10 splits text into text and emoticons, in order', () => {
    expect(tokenizeChatText('Hi #0; there#12;!')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'emoticon', id: 0 },
      { kind: 'text', text: ' there' },
      { kind: 'emoticon', id: 12 },
      { kind: 'text', text: '!' },
    ]);
    expect(tokenizeChatText('#3;#4;')).toEqual([
      { kind: 'emoticon', id: 3 },
      { kind: 'emoticon', id: 4 },
    ]);
    expect(tokenizeChatText('')).toEqual([]);
  });

  it('R-HELP-10 leaves tokens for ids that do not exist, and look-alikes, as text', () => {
    for (const text of ['#57;', '#99;', '#100;', '#05;', '#-1;', '# 3;', '#3', '#;', '&#39;', '#a;']) {
      expect(tokenizeChatText(text)).toEqual([{ kind: 'text', text }]);
    }
    expect(tokenizeChatText('order #123; ok')).toEqual([{ kind: 'text', text: 'order #123; ok' }]);
  });

  it('R-HELP-11 keeps markup as the text it is', () => {
    const script = '<img src=x onerror=alert(1)>#1;';
    expect(tokenizeChatText(script)).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)>' },
      { kind: 'emoticon', id: 1 },
    ]);
  });

  it('tells a message of emoticons only, which shows them larger', () => {
    expect(isOnlyEmoticons(tokenizeChatText('#1; #2;'))).toBe(true);
    expect(isOnlyEmoticons(tokenizeChatText('#1; ok'))).toBe(false);
    expect(isOnlyEmoticons(tokenizeChatText('   '))).toBe(false);
  });
});
