// Proves the socket core: every server message is checked against its event's schema
// (shared/realtime.ts) before a feed sees it; a well-formed one reaches its handlers typed and
// without what the schema does not name, a malformed one or an unknown event reaches nothing.
import { describe, expect, it } from 'vitest';
import { HubSocket } from '../../../../src/workers/core/socket';
import type { RealtimeEvents } from '../../../../src/workers/realtime-link';

function socketWithLink() {
  let events: RealtimeEvents | null = null;
  const logged: string[] = [];
  const socket = new HubSocket({ onConnection: () => undefined, log: (message) => logged.push(message) });
  socket.open((given) => {
    events = given;
    return { reconnect: () => undefined, subscribe: async () => null, unsubscribe: async () => undefined, close: () => undefined };
  });
  const emit = (event: string, payload: unknown) => events?.message(event, payload);
  return { socket, emit, logged };
}

const quote = { id: 301, c: '100.00', dl: '99.00', dh: '101.00', dv: '3', ds: '99.50', t: 1, changePercent: '0.50', turnover: '300.00' };
const trade = { id: 1, symbolId: 301, price: '100.00', quantity: '0.5', takerSide: 'sell', time: 1 };
const chatLine = { id: 1, chatId: 'chatAAAAAAAAAAAAAAAA', type: 1, body: 'hello', fromClient: true, visible: true, author: '', timeCreated: 1 };

// For each event: one well-formed message and the ways a message can be wrong.
const CASES = {
  quote: { good: { symbolId: 301, sequence: 4, quote }, bad: [{ symbolId: 301, sequence: 4 }, { symbolId: -1, sequence: 4, quote }, { symbolId: 301, sequence: 4, quote: { ...quote, c: 100 } }] },
  book: {
    good: { symbolId: 301, sequence: 5, changes: [{ side: 'buy', price: '100.00', quantity: '0' }] },
    bad: [
      { symbolId: 301, sequence: 1.5, changes: [] },
      { symbolId: 301, sequence: 5, changes: [{ side: 'up', price: '1', quantity: '1' }] },
      { symbolId: 301, sequence: 5, changes: [{ side: 'buy', price: '-1', quantity: '1' }] },
      { symbolId: 301, sequence: 5, changes: [{ side: 'buy', price: '1e3', quantity: '1' }] },
    ],
  },
  trades: { good: { symbolId: 301, sequence: 6, trades: [trade] }, bad: [{ symbolId: 301, sequence: 6, trades: [{ ...trade, price: 'NaN' }] }, { symbolId: 301, sequence: 6, trades: 'none' }] },
  balance: { good: { currencies: ['USDT', 'BTC'] }, bad: [{ currencies: 'USDT' }, { currencies: [1] }, {}] },
  m: { good: chatLine, bad: [{ ...chatLine, body: 42 }, { ...chatLine, type: 3 }, { ...chatLine, chatId: undefined }] },
} as const;

describe('socket messages', () => {
  for (const [event, { good, bad }] of Object.entries(CASES)) {
    it(`a ${event} message reaches its handler only when it matches its schema`, () => {
      const { socket, emit, logged } = socketWithLink();
      const received: unknown[] = [];
      socket.on(event as keyof typeof CASES, (message) => received.push(message));
      for (const message of bad) emit(event, message);
      emit(event, null);
      emit(event, 'text');
      expect(received).toEqual([]);
      expect(logged).toHaveLength(bad.length + 2);
      emit(event, { ...good, injected: '<script>' });
      expect(received).toEqual([good]);
    });
  }

  it('an event no schema names reaches nothing', () => {
    const { socket, emit } = socketWithLink();
    const received: unknown[] = [];
    socket.on('quote', (message) => received.push(message));
    emit('__proto__', CASES.quote.good);
    emit('toString', CASES.quote.good);
    emit('quotes', CASES.quote.good);
    expect(received).toEqual([]);
  });

  it('counts every connect and disconnect, so that an answer from an older connection can be told apart', () => {
    let events: RealtimeEvents | null = null;
    const changes: boolean[] = [];
    const socket = new HubSocket({ onConnection: (connected) => changes.push(connected), log: () => undefined });
    socket.open((given) => {
      events = given;
      return { reconnect: () => undefined, subscribe: async () => null, unsubscribe: async () => undefined, close: () => undefined };
    });
    expect(socket.connected).toBe(false);
    const before = socket.generation;
    events!.connection(true);
    expect(socket.connected).toBe(true);
    events!.connection(false);
    events!.connection(true);
    expect(socket.generation).toBe(before + 3);
    expect(changes).toEqual([true, false, true]);
  });
});
