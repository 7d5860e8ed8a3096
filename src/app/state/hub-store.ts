/**
 * What this tab knows from the hub: its status (session, unread count, storage, quote feed), the
 * symbol list, the quotes of the symbols the tab watches, and the toasts it was asked to show.
 * The hub bridge writes it from pushes; React reads it through the hooks of hub.ts. Each change
 * makes a new snapshot object, as useSyncExternalStore expects.
 */
import { mergeIndexPoints } from '../../shared/index-points';
import type { BoptionOrder } from '../../shared/api/boption';
import type { IndexPoint } from '../../shared/api/index-price';
import type { MarketSymbol, Quote } from '../../shared/api/market';
import type { ChatMessage } from '../../shared/realtime';
import type { FuturesAccount, HelpdeskChannelState, HubPush, HubStatus, QuoteSource } from '../../workers/protocol';
import { sameJson } from './sameJson';

export interface QuoteEntry {
  quote: Quote;
  source: QuoteSource;
  /** How many different quotes this tab got for the symbol: the e2e suite checks that it grows. */
  updates: number;
}

export interface Toast {
  id: number;
  message: string;
  /** Errors come from the client (spec 8); successes from the page ('read all'); info says what happens next (log in first). */
  tone: 'error' | 'success' | 'info';
}

export interface HubViewState {
  status: HubStatus | null;
  symbols: MarketSymbol[];
  quotes: ReadonlyMap<number, QuoteEntry>;
  toasts: Toast[];
  /** The state of each help-desk channel this tab follows, by helpdeskChannelKey. */
  chatChannels: ReadonlyMap<string, HelpdeskChannelState>;
  /** The newest index point of each index symbol this tab watches (a null price: the index has none now). */
  indexPrices: ReadonlyMap<number, IndexPointOrNone>;
  /** The points of each index symbol this tab watches with its history, oldest first. */
  indexHistories: ReadonlyMap<number, readonly IndexPoint[]>;
  /**
   * The signed-in user's open binary options as the hub's boption feed last pushed them (null
   * until it did, and while signed out): state rather than an event, since a screen that mounts
   * while another one of the tab already watches them gets no push of its own.
   */
  boptionOpen: readonly BoptionOrder[] | null;
  /**
   * The signed-in user's futures account as the hub's futures feed last pushed it (its parts null
   * until read, and while signed out): state for the same reason as boptionOpen.
   */
  futuresAccount: FuturesAccount;
  /** Set when the hub could not be started or reached: the page says so instead of waiting. */
  failure: HubFailure | null;
}

export interface IndexPointOrNone {
  at: number;
  price: string | null;
}

export interface HubFailure {
  /** start: the worker's script failed; attach: the hub did not answer this tab. */
  reason: 'start' | 'attach';
  detail?: string;
}

type Listener = () => void;

/** The futures account before the hub has read it, and while signed out. */
export const UNREAD_FUTURES_ACCOUNT: FuturesAccount = { stats: null, positions: null };

let state: HubViewState = { status: null, symbols: [], quotes: new Map(), toasts: [], chatChannels: new Map(), indexPrices: new Map(), indexHistories: new Map(), boptionOpen: null, futuresAccount: UNREAD_FUTURES_ACCOUNT, failure: null };
const listeners = new Set<Listener>();
/** Help-desk messages are events, not state: each goes to whoever listens when it arrives. */
const chatMessageListeners = new Set<(message: ChatMessage) => void>();
/** Market and private-channel pushes (book, trades, order, balance, futures, boption) go to whoever listens: they are not view state. */
export type RealtimePush = Extract<HubPush, { kind: 'book' | 'trades' | 'order' | 'balance' | 'futures' | 'boption' }>;
const realtimeListeners = new Set<(message: RealtimePush) => void>();
let nextToastId = 1;

function update(change: Partial<HubViewState>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

export const hubStore = {
  getSnapshot(): HubViewState {
    return state;
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Applies a push from the hub. */
  apply(message: HubPush): void {
    switch (message.kind) {
      case 'status':
        update({ status: withStatus(state.status, message.status), failure: null, ...(message.status.session.status === 'signedIn' ? {} : { boptionOpen: null, futuresAccount: UNREAD_FUTURES_ACCOUNT }) });
        return;
      case 'symbols':
        update({ symbols: message.symbols });
        return;
      case 'quotes':
        update({ quotes: withQuotes(state.quotes, message.quotes, message.source) });
        return;
      case 'toast':
        showToast(message.message, message.durationMs);
        return;
      case 'chatMessage':
        for (const listener of chatMessageListeners) listener(message.message);
        return;
      case 'index':
        update(withIndexPrices(state, message.at, message.prices));
        return;
      case 'indexHistory':
        update({ indexHistories: new Map(state.indexHistories).set(message.symbolId, message.points) });
        return;
      case 'chatChannel':
        update({ chatChannels: new Map(state.chatChannels).set(message.key, message.state) });
        return;
      case 'boption':
        if (message.open) update({ boptionOpen: message.open });
        for (const listener of realtimeListeners) listener(message);
        return;
      case 'futures':
        update({ futuresAccount: message.account });
        for (const listener of realtimeListeners) listener(message);
        return;
      case 'book':
      case 'trades':
      case 'order':
      case 'balance':
        for (const listener of realtimeListeners) listener(message);
        return;
      case 'unauthorized':
        // The bridge's owner redirects; the status push that comes with it updates the page.
        return;
    }
  },

  /** Calls `listener` with every help-desk message the hub forwards to this tab. */
  onChatMessage(listener: (message: ChatMessage) => void): () => void {
    chatMessageListeners.add(listener);
    return () => chatMessageListeners.delete(listener);
  },

  /** Calls `listener` with every book, trades, order, balance, futures and boption push the hub sends this tab. */
  onRealtime(listener: (message: RealtimePush) => void): () => void {
    realtimeListeners.add(listener);
    return () => realtimeListeners.delete(listener);
  },

  fail(failure: HubFailure): void {
    update({ failure });
  },

  dismissToast(id: number): void {
    update({ toasts: state.toasts.filter((toast) => toast.id !== id) });
  },
};

/**
 * The status the hub pushed, with the parts that did not change kept as the objects the tab has:
 * every push is a fresh copy (structured clone), and a component that reads the session or the
 * unread count (useHubPart) would otherwise render again when only the socket's or the quote
 * feed's state moved.
 */
function withStatus(known: HubStatus | null, pushed: HubStatus): HubStatus {
  if (!known) return pushed;
  const session = sameJson(known.session, pushed.session) ? known.session : pushed.session;
  const notifications = sameJson(known.notifications, pushed.notifications) ? known.notifications : pushed.notifications;
  const storage = sameJson(known.storage, pushed.storage) ? known.storage : pushed.storage;
  const status = { ...pushed, session, notifications, storage };
  // The three parts are compared once: the rest (ids, flags, the quote feed's state) is compared without them.
  const sameParts = session === known.session && notifications === known.notifications && storage === known.storage;
  return sameParts && sameJson({ ...known, session: null, notifications: null, storage: null }, { ...status, session: null, notifications: null, storage: null }) ? known : status;
}

function withQuotes(current: ReadonlyMap<number, QuoteEntry>, quotes: Quote[], source: QuoteSource): Map<number, QuoteEntry> {
  const next = new Map(current);
  for (const quote of quotes) {
    const known = next.get(quote.id);
    // An older quote than the one shown is not news; the same one again only says where it came from.
    if (known && known.quote.t > quote.t) continue;
    const changed = !known || known.quote.t !== quote.t || known.quote.c !== quote.c;
    next.set(quote.id, { quote, source, updates: (known?.updates ?? 0) + (changed ? 1 : 0) });
  }
  return next;
}

/** A sampling round's prices: the newest of each symbol, and a point more in the histories the tab holds. */
function withIndexPrices(current: HubViewState, at: number, prices: readonly { symbolId: number; price: string | null }[]): Partial<HubViewState> {
  const indexPrices = new Map(current.indexPrices);
  let indexHistories: Map<number, readonly IndexPoint[]> | null = null;
  for (const { symbolId, price } of prices) {
    const known = indexPrices.get(symbolId);
    if (!known || known.at <= at) indexPrices.set(symbolId, { at, price });
    const points = current.indexHistories.get(symbolId);
    if (!points || price === null) continue;
    indexHistories ??= new Map(current.indexHistories);
    indexHistories.set(symbolId, mergeIndexPoints(points, [{ at, price }]));
  }
  return indexHistories ? { indexPrices, indexHistories } : { indexPrices };
}

/**
 * Shows a toast for durationMs (spec 8: errors for ERROR_TOAST_MS); the hub and the tab's client
 * both use it. A toast replaces the ones before it: the latest outcome is the one that holds, and
 * an old refusal beside a new success ("below the minimum" over "Order placed") would contradict it.
 */
export function showToast(message: string, durationMs: number, tone: Toast['tone'] = 'error'): void {
  const toast: Toast = { id: nextToastId++, message, tone };
  update({ toasts: [toast] });
  setTimeout(() => hubStore.dismissToast(toast.id), durationMs);
}
