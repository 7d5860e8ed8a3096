// Proves the help-desk chats feed (R-HELP-07, R-HELP-13): one join per chat on the one socket whatever the number of tabs, messages forwarded only to the tabs that follow the chat (or every chat), joined while tabs are hidden, joined again after a reconnect, one reconnect when the socket predates the session, and nothing malformed passed on.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../src/shared/realtime';
import type { HelpdeskChannelState, HubPush, Topic } from '../../../../src/workers/protocol';
import { attach, FakeTab, hubStarter, settle, topics } from '../fixtures';

const CHAT_A = 'chatAAAAAAAAAAAAAAAA';
const CHAT_B = 'chatBBBBBBBBBBBBBBBB';

const start = hubStarter();

function message(chatId: string, id: number, body = `line ${id}`): ChatMessage {
  return { id, chatId, type: 1, body, fromClient: false, visible: true, author: 'Exchange', timeCreated: 1_700_000_000_000 + id };
}

function chatMessages(tab: FakeTab): ChatMessage[] {
  return tab.pushes.flatMap((push: HubPush) => (push.kind === 'chatMessage' ? [push.message] : []));
}

function channelStates(tab: FakeTab, key: string): HelpdeskChannelState[] {
  return tab.pushes.flatMap((push: HubPush) => (push.kind === 'chatChannel' && push.key === key ? [push.state] : []));
}

describe('help-desk chats', () => {
  it('joins a chat once for every tab that follows it and forwards its messages only to them, hidden or not', async () => {
    const harness = start();
    const widget = new FakeTab('widget', false);
    const second = new FakeTab('second', true);
    const other = new FakeTab('other', true);
    await attach(harness, widget);
    await attach(harness, second);
    await attach(harness, other);

    expect(await harness.hub.watch('widget', [topics.chat(CHAT_A)])).toBe(true);
    await harness.hub.watch('second', [topics.chat(CHAT_A)]);
    await harness.hub.watch('other', [topics.chat(CHAT_B)]);
    await settle();

    const realtime = harness.realtime();
    expect(realtime.channelRequests.filter((request) => request === `+chat=${CHAT_A}`)).toHaveLength(1);
    expect(channelStates(widget, `chat=${CHAT_A}`).at(-1)).toBe('live');

    realtime.pushChat(message(CHAT_A, 1));
    realtime.pushChat(message(CHAT_B, 2));
    await settle();
    // The hidden tab gets it too: a message that arrives off screen is what the widget's notice is for.
    expect(chatMessages(widget).map((line) => line.id)).toEqual([1]);
    expect(chatMessages(second).map((line) => line.id)).toEqual([1]);
    expect(chatMessages(other).map((line) => line.id)).toEqual([2]);

    // The chat is left only when the last tab that follows it stops.
    await harness.hub.watch('widget', []);
    await settle();
    expect(realtime.channels.has(`chat=${CHAT_A}`)).toBe(true);
    harness.closeTab('second');
    await settle();
    expect(realtime.channels.has(`chat=${CHAT_A}`)).toBe(false);
    expect(realtime.channelRequests).toContain(`-chat=${CHAT_A}`);
  });

  it('forwards every chat to a tab on the operators’ channel, once even when it also follows that chat', async () => {
    const harness = start();
    const operator = new FakeTab('operator');
    await attach(harness, operator);
    await harness.hub.watch('operator', [topics.helpdesk, topics.chat(CHAT_A)]);
    await settle();

    harness.realtime().pushChat(message(CHAT_A, 5));
    harness.realtime().pushChat(message(CHAT_B, 6));
    await settle();

    expect(chatMessages(operator).map((line) => line.id)).toEqual([5, 6]);
    expect(channelStates(operator, 'helpdesk').at(-1)).toBe('live');
  });

  it('says waiting while the socket is down and joins every channel again when it is back', async () => {
    const harness = start();
    const tab = new FakeTab('tab');
    await attach(harness, tab);
    await harness.hub.watch('tab', [topics.chat(CHAT_A)]);
    await settle();
    const realtime = harness.realtime();

    realtime.drop();
    await settle();
    expect(channelStates(tab, `chat=${CHAT_A}`).at(-1)).toBe('waiting');
    realtime.connect();
    await settle();

    // Waiting while the first join is out, live, waiting while down, live again.
    expect(channelStates(tab, `chat=${CHAT_A}`)).toEqual(['waiting', 'live', 'waiting', 'live']);
    expect(realtime.channelRequests.filter((request) => request === `+chat=${CHAT_A}`)).toHaveLength(2);
    realtime.pushChat(message(CHAT_A, 9));
    await settle();
    expect(chatMessages(tab).map((line) => line.id)).toEqual([9]);
  });

  it('connects anew once when the server refuses a chat (a socket older than the session), and a second refusal stands', async () => {
    const harness = start();
    const tab = new FakeTab('tab');
    await attach(harness, tab);
    const realtime = harness.realtime();
    // The first socket was made before the visitor's session cookie existed: only a new one may join.
    realtime.admitsChannel = (key, socketNumber) => key !== `chat=${CHAT_A}` || socketNumber >= 1;

    await harness.hub.watch('tab', [topics.chat(CHAT_A)]);
    await settle();
    expect(realtime.reconnects).toBe(1);
    expect(channelStates(tab, `chat=${CHAT_A}`).at(-1)).toBe('live');

    // Another chat the server never admits: one more reconnect, then it stays refused.
    realtime.admitsChannel = (key) => key !== `chat=${CHAT_B}`;
    await harness.hub.watch('tab', [topics.chat(CHAT_A), topics.chat(CHAT_B)]);
    await settle();
    expect(realtime.reconnects).toBe(2);
    expect(channelStates(tab, `chat=${CHAT_B}`).at(-1)).toBe('refused');
    expect(channelStates(tab, `chat=${CHAT_A}`).at(-1)).toBe('live');
    await harness.clock.advance(60_000);
    expect(realtime.reconnects).toBe(2);
  });

  it('sends the server nothing but well-formed topics and passes on nothing but well-formed messages', async () => {
    const harness = start();
    const tab = new FakeTab('tab');
    await attach(harness, tab);
    const sneaky = { kind: 'chat', chatId: CHAT_A, extra: 'x' } as Topic;
    const malformed = [sneaky, topics.chat('../../etc'), { kind: 'chat' }, { kind: 'operators' }, null, 'chat'] as unknown as Topic[];
    await harness.hub.watch('tab', malformed);
    await settle();
    const realtime = harness.realtime();
    expect(realtime.channelRequests).toEqual([`+chat=${CHAT_A}`]);

    realtime.pushChat({ ...message(CHAT_A, 3), body: 42 } as unknown as ChatMessage);
    realtime.pushChat(message(CHAT_A, 4, '<img src=x onerror=alert(1)>'));
    await settle();
    expect(chatMessages(tab)).toEqual([message(CHAT_A, 4, '<img src=x onerror=alert(1)>')]);
    // A call naming a tab the hub does not know tells its bridge to attach again.
    expect(await harness.hub.watch('unknown', [])).toBe(false);
  });
});
