/** Proves the help-desk widget's rules without a browser (R-HELP-06, R-HELP-09): the 4-character service code, the 2-line limit with extra lines cut, trimming, 1-3 rows. */
import { describe, expect, it } from 'vitest';
import {
  chatTextToSend,
  isServiceCode,
  limitLines,
  mayAddLine,
  serviceCodeInput,
  textareaRows,
} from '../../../../src/app/features/helpdesk/rules';
import { CHAT_LINES_MAX, SERVICE_CODE_LENGTH } from '../../../../src/shared/constants';

describe('service code', () => {
  it('R-HELP-06 must be exactly 4 letters or digits', () => {
    expect(SERVICE_CODE_LENGTH).toBe(4);
    expect(isServiceCode('AB12')).toBe(true);
    expect(isServiceCode(' ab12 ')).toBe(true);
    for (const code of ['', 'AB1', 'AB123', 'AB-1', 'AB 1', 'ÄB12']) expect(isServiceCode(code)).toBe(false);
  });

  it('R-HELP-06 the field keeps letters and digits, upper case, at most 4', () => {
    expect(serviceCodeInput('ab-12xyz')).toBe('AB12');
    expect(serviceCodeInput(' k 9 ')).toBe('K9');
    expect(serviceCodeInput('<script>')).toBe('SCRI');
  });
});

describe('chat text', () => {
  it('R-HELP-09 keeps at most 2 lines and cuts the rest', () => {
    expect(CHAT_LINES_MAX).toBe(2);
    expect(limitLines('one\ntwo\nthree\nfour')).toBe('one\ntwo');
    expect(limitLines('one\r\ntwo\r\nthree')).toBe('one\ntwo');
    expect(limitLines('one\ntwo')).toBe('one\ntwo');
    expect(limitLines('one')).toBe('one');
  });

  it('R-HELP-09 is trimmed and never empty', () => {
    expect(chatTextToSend('  hello  ')).toBe('hello');
    expect(chatTextToSend('  \n  ')).toBeNull();
    expect(chatTextToSend('')).toBeNull();
    expect(chatTextToSend('#5;')).toBe('#5;');
    expect(chatTextToSend('a\nb\nc')).toBe('a\nb');
  });

  it('R-HELP-09 shift+Enter adds a line only while there is room for one', () => {
    expect(mayAddLine('first')).toBe(true);
    expect(mayAddLine('first\nsecond')).toBe(false);
  });

  it('R-HELP-09 the text box has 1 to 3 rows', () => {
    expect(textareaRows(0)).toBe(1);
    expect(textareaRows(1)).toBe(1);
    expect(textareaRows(1.4)).toBe(2);
    expect(textareaRows(3)).toBe(3);
    expect(textareaRows(7)).toBe(3);
    expect(textareaRows(Number.NaN)).toBe(1);
  });
});
