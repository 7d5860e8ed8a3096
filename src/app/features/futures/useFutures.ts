/**
 * Where the futures screens get their data. The terms of every futures symbol (futures/config,
 * the same for everyone) are read once per screen. The signed-in user's account (stats and open
 * positions) comes from the hub's futures feed (src/workers/feeds/futures.ts), which reads it once
 * for every tab and keeps it from the private channel; each position change is also handed to
 * `onChange` for the trade popups. The marks come from the hub's index feed. Nothing here polls.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { futuresConfigCall, type FuturesPosition, type FuturesSymbolConfig } from '../../../shared/api/futures';
import type { MarketSymbol } from '../../../shared/api/market';
import { SYMBOL_TYPE } from '../../../shared/constants';
import type { FuturesTerms } from '../../../shared/futures-math';
import type { FuturesAccount } from '../../../workers/protocol';
import { callApi } from '../../api/client';
import { getHub } from '../../api/hub';
import { useHubPart, useIndexPrices, useSymbols } from '../../state/hub';
import { hubStore, UNREAD_FUTURES_ACCOUNT } from '../../state/hub-store';
import { termsOf } from './positionMath';

export interface FuturesMarket {
  symbol: MarketSymbol;
  config: FuturesSymbolConfig;
  terms: FuturesTerms;
}

/** The futures symbols the user may see (the symbol list, type 2). */
export function useFuturesSymbols(): MarketSymbol[] {
  const symbols = useSymbols();
  return useMemo(() => symbols.filter((symbol) => symbol.type === SYMBOL_TYPE.futures), [symbols]);
}

/**
 * Every futures symbol's terms, by symbol id: undefined while reading, null when they could not be
 * read (the client toasted why).
 */
export function useFuturesConfigs(): ReadonlyMap<number, FuturesMarket> | null | undefined {
  const symbols = useFuturesSymbols();
  const [configs, setConfigs] = useState<FuturesSymbolConfig[] | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    callApi(futuresConfigCall, {})
      .then((data) => {
        if (current) setConfigs(data === false ? null : data.symbols);
      })
      .catch(() => {
        if (current) setConfigs(null);
      });
    return () => {
      current = false;
    };
  }, []);
  return useMemo(() => {
    if (!configs) return configs;
    const markets = new Map<number, FuturesMarket>();
    for (const config of configs) {
      const symbol = symbols.find((entry) => entry.id === config.symbolId);
      if (symbol)
        markets.set(symbol.id, {
          symbol,
          config,
          terms: termsOf(config, symbol),
        });
    }
    return markets;
  }, [configs, symbols]);
}

/** The marks of these futures symbols (the index feed), by symbol id; a symbol without one is absent or null. */
export function useMarks(symbolIds: readonly number[]): ReadonlyMap<number, string | null> {
  const points = useIndexPrices(symbolIds);
  return useMemo(() => new Map([...points].map(([id, point]) => [id, point.price])), [points]);
}

/**
 * One contract's mark (null until the index feed has one). A page reads the marks in the parts that
 * show them (the ticker, the order panel, the positions), so that a round of the index feed, every
 * second, renders those parts and not the page (issue 14).
 */
export function useMark(symbolId: number): string | null {
  return useMarks([symbolId]).get(symbolId) ?? null;
}

/**
 * The signed-in user's futures account from the hub, while `signedIn`; `onChange` hears every
 * position change the private channel brings (in this tab's lifetime, from any tab's action).
 * The account is the tab's (the hub store's): a screen mounted while another one of the tab
 * already watches it gets no push of its own, and starts from there.
 */
export function useFuturesAccount(signedIn: boolean, onChange?: (position: FuturesPosition, previous: FuturesPosition | undefined) => void): FuturesAccount {
  const account = useHubPart((state) => state.futuresAccount);
  // The positions as this screen knew them before a change: a popup tells an open from a change of stop points by them.
  const known = useRef<FuturesAccount>(UNREAD_FUTURES_ACCOUNT);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    if (!signedIn) return undefined;
    known.current = hubStore.getSnapshot().futuresAccount;
    const stopListening = hubStore.onRealtime((message) => {
      if (message.kind !== 'futures') return;
      const { changed } = message;
      const previous = changed ? known.current.positions?.find((position) => position.id === changed.id) : undefined;
      known.current = message.account;
      if (changed) onChangeRef.current?.(changed, previous);
    });
    const stopWatching = getHub().watch({ kind: 'futures' });
    return () => {
      stopWatching();
      stopListening();
    };
  }, [signedIn]);
  return signedIn ? account : UNREAD_FUTURES_ACCOUNT;
}
