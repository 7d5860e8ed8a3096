/** Proves how a chat keeps its lines (R-HELP-07, R-HELP-11): once per id in id order whatever the order and repetition of deliveries, hidden ones gone from the client's view, and images only from this server's chat-image address. */
import { describe, expect, it } from 'vitest';
import { clockTime, isChatImagePath, mergeMessages } from '../../../../src/app/features/helpdesk/chatLines';
import type { HelpdeskMessage } from '../../../../src/shared/api/helpdesk';

function message(id: number, change: Partial<HelpdeskMessage> = {}): HelpdeskMessage {
  return {
    id,
    chatId: 'chatAAAAAAAAAAAAAAAA',
    type: 1,
    body: `line ${id}`,
    fromClient: true,
    visible: true,
    author: '',
    timeCreated: 1_700_000_000_000 + id,
    ...change,
  };
}

describe('mergeMessages', () => {
  it('R-HELP-07 appends a pushed message and keeps each id once, in id order', () => {
    const history = [message(1), message(2)];
    expect(mergeMessages(history, [message(3)], { showHidden: false }).map((line) => line.id)).toEqual([1, 2, 3]);
    // The same message from the send's answer and from the socket, and a late history read.
    expect(mergeMessages([message(3)], [message(1), message(3), message(2)], { showHidden: false }).map((line) => line.id)).toEqual([1, 2, 3]);
  });

  it('R-HELP-11 takes the newest state of a message: one an operator hid leaves the client’s view', () => {
    const hidden = message(2, { visible: false, body: '' });
    expect(mergeMessages([message(1), message(2)], [hidden], { showHidden: false }).map((line) => line.id)).toEqual([1]);
    expect(mergeMessages([message(1), message(2)], [hidden], { showHidden: true })).toEqual([message(1), hidden]);
  });
});

describe('isChatImagePath', () => {
  it('R-HELP-11 shows as images only the chat images this server stores', () => {
    expect(isChatImagePath('/api/v1/helpdesk/image/AbCdEfGhIjKlMnOpQrSt')).toBe(true);
    for (const body of [
      'https://evil.example/x.jpg',
      '//evil.example/api/v1/helpdesk/image/AbCdEfGhIjKlMnOpQrSt',
      'javascript:alert(1)',
      '/api/v1/helpdesk/image/short',
      '/api/v1/helpdesk/image/AbCdEfGhIjKlMnOpQrSt/../../x',
      '/api/v1/helpdesk/image/AbCdEfGhIjKlMnOpQrSt?x=1',
      '',
    ]) {
      expect(isChatImagePath(body)).toBe(false);
    }
  });
});

describe('clockTime', () => {
  it('gives hours and minutes', () => {
    expect(clockTime(new Date(2025, 0, 5, 9, 7, 30).getTime())).toBe('09:07');
    expect(clockTime(Number.NaN)).toBe('');
  });
});
