// @vitest-environment happy-dom
// The exchange's live market (issue 14: a push renders the panel whose figures it changes, not the
// trading page): the page that holds the market renders for none of its pushes; a book update
// renders what reads the book, and what reads the best prices only when they moved; a trade renders
// what reads the trades. The tab's first read fills what the hub has not sent yet and never
// replaces a newer book, and draws the book without waiting for the trades; the hub's quote
// replaces the read's once it is as new; nothing is drawn after the page is gone; a failed first
// read with no book from the hub says so in the book panel and reads again when asked.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'preact/test-utils';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketSymbol, Quote, Trade } from '../../../../src/shared/api/market';
import type { BookSnapshot } from '../../../../src/shared/realtime';
import { hubStore } from '../../../../src/app/state/hub-store';
import { LiveOrderBook } from '../../../../src/app/features/exchange/LiveMarket';
import {
  selectBestBid,
  selectBook,
  selectTrades,
  useMarketFeed,
  useMarketPart,
  useMarketQuote,
  type MarketFeed,
} from '../../../../src/app/features/exchange/useMarket';

const SYMBOL = 7001;
const watching = new Map<string, number>();
vi.mock('../../../../src/app/api/hub', () => ({
  getHub: () => ({
    watch: (...topics: { kind: string; symbolId: number }[]) => {
      const keys = topics.map((topic) => `${topic.kind}:${topic.symbolId}`);
      for (const key of keys) watching.set(key, (watching.get(key) ?? 0) + 1);
      return () => {
        for (const key of keys) watching.set(key, (watching.get(key) ?? 0) - 1);
      };
    },
  }),
}));

/** The tab's own first reads (full_quote and recent), answered or failed when the test says. */
const pendingReads: { path: string; resolve: (value: unknown) => void; reject: (error: Error) => void }[] = [];
vi.mock('../../../../src/app/api/client', () => ({
  callApi: (call: { path: string }) => new Promise((resolve, reject) => pendingReads.push({ path: call.path, resolve, reject })),
}));

function answerRead(snapshot: { depth: BookSnapshot; quote: Quote }, trades: Trade[]): void {
  for (const read of pendingReads.splice(0)) read.resolve(read.path.includes('recent') ? trades : snapshot);
}

/** Answers the pending reads of one call only (`full_quote` or `recent`), leaving the other waiting. */
function answerOne(path: 'full_quote' | 'recent', value: unknown): void {
  for (const read of pendingReads.filter((pending) => pending.path.includes(path))) {
    pendingReads.splice(pendingReads.indexOf(read), 1);
    read.resolve(value);
  }
}

function failRead(): void {
  for (const read of pendingReads.splice(0)) read.reject(new Error('HTTP 502'));
}

function book(sequence: number, bid: string, ask = '101'): BookSnapshot {
  return { symbolId: SYMBOL, sequence, bids: [[bid, '1']], asks: [[ask, '1']] };
}

function quote(close: string, at: number): Quote {
  return { id: SYMBOL, c: close, t: at } as unknown as Quote;
}

function trade(id: number, price: string, symbolId = SYMBOL): Trade & { symbolId: number } {
  return { id, symbolId, price, quantity: '1', takerSide: 'buy', time: id * 1000 };
}

const renders = { page: 0, book: 0, best: 0, trades: 0, quote: 0 };
const shown: { book?: BookSnapshot | null; best?: string | null; trades?: Trade[]; quote?: string | null } = {};

function BookPart({ feed }: { feed: MarketFeed }) {
  renders.book += 1;
  shown.book = useMarketPart(feed, selectBook);
  return null;
}

function BestPart({ feed }: { feed: MarketFeed }) {
  renders.best += 1;
  shown.best = useMarketPart(feed, selectBestBid);
  return null;
}

function TradesPart({ feed }: { feed: MarketFeed }) {
  renders.trades += 1;
  shown.trades = useMarketPart(feed, selectTrades);
  return null;
}

function QuotePart({ feed }: { feed: MarketFeed }) {
  renders.quote += 1;
  shown.quote = useMarketQuote(feed)?.c ?? null;
  return null;
}

function Page() {
  renders.page += 1;
  const feed = useMarketFeed(SYMBOL);
  return (
    <>
      <BookPart feed={feed} />
      <BestPart feed={feed} />
      <TradesPart feed={feed} />
      <QuotePart feed={feed} />
    </>
  );
}

/** Brings a change and waits for the drawing task it asks for (after a read's promises settle). */
async function settle(change: () => void = () => undefined): Promise<void> {
  await act(async () => {
    change();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

let root: Root | null = null;

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

beforeEach(() => {
  Object.assign(renders, { page: 0, book: 0, best: 0, trades: 0, quote: 0 });
  pendingReads.length = 0;
  watching.clear();
  root = createRoot(document.createElement('div'));
  act(() => root!.render(<Page />));
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

describe('the exchange market feed', () => {
  it('renders the part a push changes, never the page that holds the market', async () => {
    expect(watching.get(`market:${SYMBOL}`)).toBe(1);
    const first = { ...renders };

    await settle(() => hubStore.apply({ kind: 'book', book: book(5, '100') }));
    expect(shown.book?.sequence).toBe(5);
    expect(shown.best).toBe('100');
    expect(renders).toEqual({ ...first, book: first.book + 1, best: first.best + 1 });

    // The best bid stays: the book's reader renders, the best price's does not.
    await settle(() => hubStore.apply({ kind: 'book', book: { ...book(6, '100'), bids: [['100', '3']] } }));
    expect(renders).toEqual({ ...first, book: first.book + 2, best: first.best + 1 });

    await settle(() => hubStore.apply({ kind: 'trades', symbolId: SYMBOL, trades: [trade(1, '100.5')] }));
    expect(shown.trades?.map((entry) => entry.id)).toEqual([1]);
    expect(renders).toEqual({ ...first, book: first.book + 2, best: first.best + 1, trades: first.trades + 1 });

    // Another market's pushes render nothing.
    await settle(() => {
      hubStore.apply({ kind: 'book', book: { ...book(9, '1'), symbolId: SYMBOL + 1 } });
      hubStore.apply({ kind: 'trades', symbolId: SYMBOL + 1, trades: [trade(2, '1', SYMBOL + 1)] });
    });
    expect(renders.page).toBe(first.page);
    expect(renders).toEqual({ ...first, book: first.book + 2, best: first.best + 1, trades: first.trades + 1 });
  });

  it('fills what the hub has not sent from the first read, never replacing a newer book, and takes the hub quote once it is as new', async () => {
    await settle(() => hubStore.apply({ kind: 'book', book: book(8, '99') }));
    await settle(() => answerRead({ depth: book(7, '98'), quote: quote('100.00', 10) }, [trade(3, '100'), trade(4, '100.25')]));
    expect(shown.book?.sequence).toBe(8);
    expect(shown.quote).toBe('100.00');
    expect(shown.trades?.map((entry) => entry.id)).toEqual([4, 3]);

    await settle(() => hubStore.apply({ kind: 'quotes', quotes: [quote('99.00', 9)], source: 'network' }));
    expect(shown.quote).toBe('100.00');
    await settle(() => hubStore.apply({ kind: 'quotes', quotes: [quote('101.00', 11)], source: 'network' }));
    expect(shown.quote).toBe('101.00');
    expect(renders.page).toBe(1);
  });

  it('takes a first read newer than the hub’s first book, and the hub’s books after that', async () => {
    await settle(() => answerRead({ depth: book(12, '97'), quote: quote('100.00', 20) }, []));
    await settle(() => hubStore.apply({ kind: 'book', book: book(11, '96') }));
    expect(shown.book?.sequence).toBe(12);
    await settle(() => hubStore.apply({ kind: 'book', book: book(13, '95') }));
    expect(shown.book?.sequence).toBe(13);
  });

  it('draws the book and quote from full_quote without waiting for the trades, and the trades when recent answers', async () => {
    await settle(() => answerOne('full_quote', { depth: book(15, '94'), quote: quote('100.50', 40) }));
    expect(shown.book?.sequence).toBe(15);
    expect(shown.quote).toBe('100.50');
    expect(shown.trades).toEqual([]);
    await settle(() => answerOne('recent', [trade(5, '100.5')]));
    expect(shown.trades?.map((entry) => entry.id)).toEqual([5]);
    expect(shown.book?.sequence).toBe(15);
  });

  it('stops following the market when the page is gone', async () => {
    act(() => root!.unmount());
    root = null;
    expect(watching.get(`market:${SYMBOL}`)).toBe(0);
    const before = { ...renders };
    await settle(() => hubStore.apply({ kind: 'book', book: book(20, '90') }));
    await settle(() => answerRead({ depth: book(21, '91'), quote: quote('1.00', 30) }, [trade(9, '1')]));
    expect(renders).toEqual(before);
  });
});

describe('the order book when the market cannot be read', () => {
  const symbol = { id: SYMBOL + 50, symbol: 'BTC_USDT', baseSymbol: 'BTC', quoteSymbol: 'USDT', pricePrecision: 2, volumePrecision: 4 } as unknown as MarketSymbol;
  let panel: HTMLElement;
  let bookRoot: Root | null = null;

  function BookPanel() {
    const feed = useMarketFeed(symbol.id);
    return <LiveOrderBook feed={feed} symbol={symbol} rows={5} onPick={() => undefined} />;
  }

  beforeEach(() => {
    pendingReads.length = 0;
    panel = document.createElement('div');
    document.body.append(panel);
    bookRoot = createRoot(panel);
    act(() => bookRoot!.render(<I18nProvider i18n={i18n}>{<BookPanel />}</I18nProvider>));
  });

  afterEach(() => {
    act(() => bookRoot?.unmount());
    bookRoot = null;
    panel.remove();
  });

  it('says the book could not be loaded when the first read failed and the hub sent none, and reads again when asked', async () => {
    expect(panel.textContent).toContain('Loading');
    await settle(() => failRead());
    expect(panel.textContent).toContain('The order book could not be loaded.');
    expect(panel.textContent).not.toContain('Loading');

    const retry = [...panel.querySelectorAll('button')].find((button) => button.textContent === 'Try again');
    expect(retry).toBeDefined();
    await settle(() => retry!.click());
    expect(panel.textContent).toContain('Loading');
    expect(pendingReads.map((read) => read.path).sort()).toEqual([expect.stringContaining('full_quote'), expect.stringContaining('recent')].sort());

    await settle(() => answerRead({ depth: { ...book(3, '99'), symbolId: symbol.id }, quote: { ...quote('100.00', 1), id: symbol.id } }, []));
    expect(panel.textContent).not.toContain('could not be loaded');
    expect(panel.querySelectorAll('[data-testid="book-row"]').length).toBe(2);
  });

  it('draws the book from full_quote even when recent fails', async () => {
    await settle(() => answerOne('full_quote', { depth: { ...book(5, '97'), symbolId: symbol.id }, quote: { ...quote('100.00', 2), id: symbol.id } }));
    expect(panel.querySelectorAll('[data-testid="book-row"]').length).toBe(2);
    await settle(() => failRead());
    expect(panel.textContent).not.toContain('could not be loaded');
    expect(panel.querySelectorAll('[data-testid="book-row"]').length).toBe(2);
  });

  it('shows the hub’s book when it comes, even after the first read failed', async () => {
    await settle(() => failRead());
    expect(panel.textContent).toContain('The order book could not be loaded.');
    await settle(() => hubStore.apply({ kind: 'book', book: { ...book(4, '98'), symbolId: symbol.id } }));
    expect(panel.textContent).not.toContain('could not be loaded');
    expect(panel.querySelectorAll('[data-testid="book-row"]').length).toBe(2);
  });
});
