/**
 * React's view of the hub: hooks over the hub store, and the one hook that watches quotes, so a
 * component that shows a price never polls or opens a socket itself (ARCHITECTURE.md, "The hub":
 * tabs subscribe; a screen never polls).
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { IndexPoint } from '../../shared/api/index-price';
import type { MarketSymbol } from '../../shared/api/market';
import type { ChatMessage } from '../../shared/realtime';
import { topicKey, type HelpdeskChannelState, type TopicOf } from '../../workers/protocol';
import { getHub } from '../api/hub';
import { hubStore, type HubViewState, type IndexPointOrNone, type QuoteEntry } from './hub-store';

export function useHubState(): HubViewState {
  return useSyncExternalStore(hubStore.subscribe, hubStore.getSnapshot, hubStore.getSnapshot);
}

export function useHubStatus(): HubViewState['status'] {
  return useHubState().status;
}

export function useSymbols(): MarketSymbol[] {
  return useHubState().symbols;
}

/** The quotes of these symbols, kept live by the hub while the component is mounted. */
export function useQuotes(symbolIds: readonly number[]): ReadonlyMap<number, QuoteEntry> {
  const key = symbolIds.join(',');
  useEffect(() => {
    if (key === '') return undefined;
    return getHub().watch(...key.split(',').map((id) => ({ kind: 'quotes', symbolId: Number(id) }) as const));
  }, [key]);
  const { quotes } = useHubState();
  return useMemo(() => {
    const watched = new Map<number, QuoteEntry>();
    for (const id of key === '' ? [] : key.split(',').map(Number)) {
      const entry = quotes.get(id);
      if (entry) watched.set(id, entry);
    }
    return watched;
  }, [quotes, key]);
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
  const { indexPrices } = useHubState();
  return useMemo(() => {
    const watched = new Map<number, IndexPointOrNone>();
    for (const id of key === '' ? [] : key.split(',').map(Number)) {
      const point = indexPrices.get(id);
      if (point) watched.set(id, point);
    }
    return watched;
  }, [indexPrices, key]);
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
  const { indexHistories } = useHubState();
  return symbolId === null ? undefined : indexHistories.get(symbolId);
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
  const { chatChannels } = useHubState();
  return (key === '' ? undefined : chatChannels.get(key)) ?? 'waiting';
}
