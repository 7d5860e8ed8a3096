// @vitest-environment happy-dom
// Proves that a component reading one part of the hub's state is drawn again when that part
// changes, and only then: a quote of another symbol leaves a price cell alone, and no quote draws
// the parts that show the session (the header, the notices) again.
import { act } from 'preact/test-utils';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Quote } from '../../../../src/shared/api/market';
import type { HubStatus } from '../../../../src/workers/protocol';
import { useHubSession, useHubStatus, useIndexPrices, useQuotes, useSignedIn, useSymbols } from '../../../../src/app/state/hub';
import { hubStore } from '../../../../src/app/state/hub-store';

const watched: string[] = [];
vi.mock('../../../../src/app/api/hub', () => ({
  getHub: () => ({
    watch: (...topics: { kind: string; symbolId: number }[]) => {
      watched.push(...topics.map((topic) => `${topic.kind}:${topic.symbolId}`));
      return () => undefined;
    },
  }),
}));

const STATUS: HubStatus = {
  buildId: 'test',
  instanceId: 'test',
  session: { status: 'signedOut' },
  notifications: null,
  storage: { state: 'ok' },
  feed: { state: 'polling' },
} as unknown as HubStatus;

function quote(id: number, close: string, at: number): Quote {
  return { id, c: close, t: at } as unknown as Quote;
}

const renders = { status: 0, symbols: 0, price: 0, index: 0 };
let shownPrice: string | undefined;
let shownIndex: string | null | undefined;

function StatusPart() {
  renders.status += 1;
  return <span>{useHubStatus()?.session.status ?? 'unknown'}</span>;
}

function SymbolsPart() {
  renders.symbols += 1;
  return <span>{useSymbols().length}</span>;
}

function PricePart() {
  renders.price += 1;
  shownPrice = useQuotes([7001]).get(7001)?.quote.c;
  return <span>{shownPrice}</span>;
}

function IndexPart() {
  renders.index += 1;
  shownIndex = useIndexPrices([7101]).get(7101)?.price;
  return <span>{shownIndex}</span>;
}

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

/** Applies a push and waits for the drawing task that it asks for. */
async function push(message: Parameters<typeof hubStore.apply>[0]): Promise<void> {
  await act(async () => {
    hubStore.apply(message);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('parts of the hub state', () => {
  it('draws a component again only when the part it reads changed', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() =>
      root!.render(
        <>
          <StatusPart />
          <SymbolsPart />
          <PricePart />
          <IndexPart />
        </>,
      ),
    );
    expect(watched).toEqual(['quotes:7001', 'index:7101']);
    const drawn = () => ({ ...renders });
    const first = drawn();

    await push({ kind: 'quotes', quotes: [quote(7002, '10.5', 1)], source: 'network' });
    expect(drawn()).toEqual(first);

    await push({ kind: 'quotes', quotes: [quote(7001, '61000.00', 1)], source: 'network' });
    expect(shownPrice).toBe('61000.00');
    expect(drawn()).toEqual({ ...first, price: first.price + 1 });

    await push({ kind: 'index', at: 1, prices: [{ symbolId: 7102, price: '3.00' }] });
    expect(drawn()).toEqual({ ...first, price: first.price + 1 });
    await push({ kind: 'index', at: 2, prices: [{ symbolId: 7101, price: '2.50' }] });
    expect(shownIndex).toBe('2.50');
    expect(drawn()).toEqual({ ...first, price: first.price + 1, index: first.index + 1 });

    await push({ kind: 'status', status: STATUS });
    expect(container.textContent).toContain('signedOut');
    expect(drawn()).toEqual({ ...first, status: first.status + 1, price: first.price + 1, index: first.index + 1 });

    await push({ kind: 'symbols', symbols: [] });
    await push({ kind: 'symbols', symbols: [{ id: 7001 }] as never });
    expect(renders.symbols).toBe(first.symbols + 2);
    expect(renders.status).toBe(first.status + 1);
    expect(renders.price).toBe(first.price + 1);
  });

  it('draws a push in a task after the one that brought it, with the pushes beside it (issue 14: no long blocking task per message)', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() => root!.render(<PricePart />));
    const before = renders.price;
    hubStore.apply({ kind: 'quotes', quotes: [quote(7001, '62000.00', 2)], source: 'network' });
    hubStore.apply({ kind: 'quotes', quotes: [quote(7001, '62001.00', 3)], source: 'network' });
    // A blocking update (useSyncExternalStore's) is drawn in a microtask of this same task.
    await Promise.resolve();
    await Promise.resolve();
    expect(container.textContent).not.toContain('6200');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.textContent).toContain('62001.00');
    expect(renders.price).toBe(before + 1);
  });

  it('draws a reader of "signed in" only when that changes, not at every status push', async () => {
    let signedInRenders = 0;
    function SignedInPart() {
      signedInRenders += 1;
      return <span>{useSignedIn() ? 'in' : 'out'}</span>;
    }
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await push({ kind: 'status', status: STATUS });
    act(() => root!.render(<SignedInPart />));
    expect(container.textContent).toBe('out');
    await push({ kind: 'status', status: { ...STATUS, feed: { state: 'live' } } as HubStatus });
    expect(signedInRenders).toBe(1);
    await push({ kind: 'status', status: { ...STATUS, session: { status: 'signedIn' } } as HubStatus });
    expect(container.textContent).toBe('in');
    expect(signedInRenders).toBe(2);
  });

  it('keeps the session the same object while a status push leaves it as it was, so its readers are not drawn again', async () => {
    let sessionRenders = 0;
    function SessionPart() {
      sessionRenders += 1;
      return <span>{useHubSession().status}</span>;
    }
    const profile = { uid: 7, email: 'a@example.com', nickname: 'A' };
    const signedIn = { ...STATUS, session: { status: 'signedIn', profile } } as unknown as HubStatus;
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await push({ kind: 'status', status: signedIn });
    act(() => root!.render(<SessionPart />));
    const session = hubStore.getSnapshot().status?.session;
    // A fresh copy (as every push from the hub is) that moves only the socket's state.
    await push({ kind: 'status', status: JSON.parse(JSON.stringify({ ...signedIn, socketConnected: true })) as HubStatus });
    expect(hubStore.getSnapshot().status?.socketConnected).toBe(true);
    expect(hubStore.getSnapshot().status?.session).toBe(session);
    expect(sessionRenders).toBe(1);
    // The same status again, as a fresh copy: the tab keeps the status object it has.
    const status = hubStore.getSnapshot().status;
    await push({ kind: 'status', status: JSON.parse(JSON.stringify(status)) as HubStatus });
    expect(hubStore.getSnapshot().status).toBe(status);
    await push({ kind: 'status', status: { ...signedIn, session: { status: 'signedIn', profile: { ...profile, nickname: 'B' } } } as unknown as HubStatus });
    expect(sessionRenders).toBe(2);
    await push({ kind: 'status', status: { ...signedIn, session: { status: 'signedOut' } } as HubStatus });
    expect(container.textContent).toBe('signedOut');
  });
});
