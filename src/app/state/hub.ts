/**
 * React's view of the hub: hooks over the hub store, and the one hook that watches quotes, so a
 * component that shows a price never polls or opens a socket itself (ARCHITECTURE.md, "The hub":
 * tabs subscribe; a screen never polls).
 */
import { useEffect, useMemo, useRef } from 'react';
import type { IndexPoint } from '../../shared/api/index-price';
import type { MarketSymbol } from '../../shared/api/market';
import type { ChatMessage } from '../../shared/realtime';
import { topicKey, type HelpdeskChannelState, type SessionState, type TopicOf } from '../../workers/protocol';
import { getHub } from '../api/hub';
import { hubStore, type HubViewState, type IndexPointOrNone, type QuoteEntry } from './hub-store';
import { useStorePart } from './storePart';

/**
 * One part of the hub's state (useStorePart): the component re-renders when that part changes, not
 * at every push. The hub store keeps each part's identity until it changes (hub-store.ts).
 */
export function useHubPart<T>(select: (state: HubViewState) => T): T {
  return useStorePart(hubStore, select);
}

export function useHubStatus(): HubViewState['status'] {
  return useHubPart(selectStatus);
}

/**
 * The session as the hub last said (unknown until its first status): the hub store keeps it the
 * same object while it does not change, so a reader renders again only when it does.
 */
export function useHubSession(): SessionState {
  return useHubPart(selectSession);
}

/** Only the session's state: signed in, signed out, or unknown yet. */
export function useSessionStatus(): SessionState['status'] {
  return useHubPart(selectSessionStatus);
}

/**
 * Whether the hub says the user is signed in: a component that needs only that does not render
 * again when another field of the status changes (the socket's state, the session's details).
 */
export function useSignedIn(): boolean {
  return useHubPart(selectSignedIn);
}

export function useSymbols(): MarketSymbol[] {
  return useHubPart(selectSymbols);
}

/** Why the hub could not be started or reached, if it could not. */
export function useHubFailure(): HubViewState['failure'] {
  return useHubPart(selectFailure);
}

const selectStatus = (state: HubViewState) => state.status;
const selectSignedIn = (state: HubViewState) => state.status?.session.status === 'signedIn';
const UNKNOWN_SESSION: SessionState = { status: 'unknown' };
const selectSession = (state: HubViewState) => state.status?.session ?? UNKNOWN_SESSION;
const selectSessionStatus = (state: HubViewState) => state.status?.session.status ?? 'unknown';
const selectSymbols = (state: HubViewState) => state.symbols;
const selectFailure = (state: HubViewState) => state.failure;
const selectQuotes = (state: HubViewState) => state.quotes;
const selectIndexPrices = (state: HubViewState) => state.indexPrices;
const selectIndexHistories = (state: HubViewState) => state.indexHistories;
const selectChatChannels = (state: HubViewState) => state.chatChannels;

/**
 * The entries of the symbols in `key` (their ids joined by commas) in one of the store's maps, as
 * one map that stays the same object while those entries do: a push about other symbols draws
 * nothing again.
 */
function useWatchedEntries<V>(select: (state: HubViewState) => ReadonlyMap<number, V>, key: string): ReadonlyMap<number, V> {
  // Parsed once per key: the selector runs at every push for every component that watches.
  const ids = useMemo(() => (key === '' ? [] : key.split(',').map(Number)), [key]);
  const last = useRef<{ key: string; entries: ReadonlyMap<number, V> }>({ key: '', entries: new Map() });
  return useHubPart((state) => {
    const all = select(state);
    const previous = last.current;
    if (previous.key === key && sameEntries(previous.entries, ids, all)) return previous.entries;
    const entries = new Map<number, V>();
    for (const id of ids) {
      const entry = all.get(id);
      if (entry !== undefined) entries.set(id, entry);
    }
    last.current = { key, entries };
    return entries;
  });
}

/** Whether `known` holds exactly the entries `all` has for `ids`, the same objects. */
function sameEntries<V>(known: ReadonlyMap<number, V>, ids: readonly number[], all: ReadonlyMap<number, V>): boolean {
  let present = 0;
  for (const id of ids) {
    const entry = all.get(id);
    if (entry === undefined) continue;
    if (known.get(id) !== entry) return false;
    present += 1;
  }
  return present === known.size;
}

/** The quotes of these symbols, kept live by the hub while the component is mounted. */
export function useQuotes(symbolIds: readonly number[]): ReadonlyMap<number, QuoteEntry> {
  const key = symbolIds.join(',');
  useEffect(() => {
    if (key === '') return undefined;
    return getHub().watch(...key.split(',').map((id) => ({ kind: 'quotes', symbolId: Number(id) }) as const));
  }, [key]);
  return useWatchedEntries(selectQuotes, key);
}

/**
 * The index price (api/index-price.ts) of these futures or binary-option symbols, kept live by
 * the hub while the component is mounted: undefined for a symbol until its first sampling round
 * arrives, a null price while the index has none.
 */
export function useIndexPrices(symbolIds: readonly number[]): ReadonlyMap<number, IndexPointOrNone> {
  const key = symbolIds.join(',');
  useEffect(() => {
    if (key === '') return undefined;
    return getHub().watch(...key.split(',').map((id) => ({ kind: 'index', symbolId: Number(id) }) as const));
  }, [key]);
  return useWatchedEntries(selectIndexPrices, key);
}

/** One symbol's index price (useIndexPrices); null watches nothing. */
export function useIndexPrice(symbolId: number | null): IndexPointOrNone | undefined {
  const prices = useIndexPrices(symbolId === null ? [] : [symbolId]);
  return symbolId === null ? undefined : prices.get(symbolId);
}

/**
 * One symbol's index points of the last INDEX_HISTORY_SECONDS, oldest first, kept live by the hub
 * while the component is mounted (for a chart); undefined until the hub has read them, null
 * watches nothing.
 */
export function useIndexHistory(symbolId: number | null): readonly IndexPoint[] | undefined {
  useEffect(() => {
    if (symbolId === null) return undefined;
    return getHub().watch({ kind: 'indexHistory', symbolId });
  }, [symbolId]);
  return useHubPart((state) => (symbolId === null ? undefined : selectIndexHistories(state).get(symbolId)));
}

/** A help-desk chat, or every chat (operators). */
export type HelpdeskTopic = TopicOf<'chat' | 'helpdesk'>;

/**
 * Follows a help-desk topic (a chat, or every chat for operators) through the hub while the
 * component is mounted: `onMessage` gets each message the hub forwards for it, and the answer is
 * the topic's state ('waiting' until the hub says). Null follows nothing.
 */
export function useHelpdeskTopic(topic: HelpdeskTopic | null, onMessage: (message: ChatMessage) => void): HelpdeskChannelState {
  const key = topic ? topicKey(topic) : '';
  const latest = useRef(onMessage);
  useEffect(() => {
    latest.current = onMessage;
  });
  useEffect(() => {
    if (!topic) return undefined;
    const stopListening = hubStore.onChatMessage((message) => {
      if (topic.kind === 'helpdesk' || message.chatId === topic.chatId) latest.current(message);
    });
    const stopWatching = getHub().watch(topic);
    return () => {
      stopWatching();
      stopListening();
    };
    // The key names the topic; a new object for the same topic is the same topic.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return useHubPart((state) => (key === '' ? undefined : selectChatChannels(state).get(key)) ?? 'waiting');
}
