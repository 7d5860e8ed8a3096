/**
 * What the Boption screens read: a symbol's periods and limits (boption/config, the same for
 * everyone, read once per symbol), the user's open options and the results the hub's boption feed
 * pushes (src/workers/feeds/boption.ts: read once, then the private channel; every tab sees the
 * same result), and the latest settled options (boptionorder/orders), read again when a result
 * arrives. A screen never polls; balances are read again on the hub's balance events.
 */
import { useEffect, useState } from 'react';
import { boptionConfigCall, boptionOrdersCall, type BoptionConfig, type BoptionOrder } from '../../../shared/api/boption';
import { callApi } from '../../api/client';
import { getHub } from '../../api/hub';
import { useHubPart } from '../../state/hub';
import { hubStore } from '../../state/hub-store';
import { loadBalances } from '../../state/session';

export interface ConfigState {
  config: BoptionConfig | null;
  failed: boolean;
}

/** One symbol's periods and limits; null while reading (and for no symbol). */
export function useBoptionConfig(symbolId: number | null): ConfigState {
  const [state, setState] = useState<ConfigState & { symbolId: number | null }>({ symbolId, config: null, failed: false });
  useEffect(() => {
    if (symbolId === null) return undefined;
    let active = true;
    callApi(boptionConfigCall, { query: { id: symbolId } }, { silentAll: true }).then(
      (config) => active && setState({ symbolId, config: config || null, failed: config === false }),
      () => active && setState({ symbolId, config: null, failed: true }),
    );
    return () => {
      active = false;
    };
  }, [symbolId]);
  return state.symbolId === symbolId ? state : { config: null, failed: false };
}

/** Results of this session a screen keeps to show (newest first). */
const RESULTS_KEPT = 10;

export interface BoptionOrdersState {
  /** Open options of every symbol, soonest expiry first; null until the hub has read them. */
  open: readonly BoptionOrder[] | null;
  /** Options settled while the screen was open, newest first. */
  results: BoptionOrder[];
  /** An option this tab just placed: shown at once, before the hub's push names it. */
  placed(order: BoptionOrder): void;
}

/** The signed-in user's open options and results, through the hub; balances follow its balance events. */
export function useBoptionOrders(signedIn: boolean): BoptionOrdersState {
  // The open options are the tab's (the hub store's): a screen mounted after another one watched them starts from there.
  const open = useHubPart((state) => state.boptionOpen);
  const [results, setResults] = useState<BoptionOrder[]>([]);
  const [justPlaced, setJustPlaced] = useState<BoptionOrder | null>(null);
  useEffect(() => {
    if (!signedIn) return undefined;
    const stopListening = hubStore.onRealtime((message) => {
      if (message.kind === 'balance') void loadBalances(true);
      if (message.kind !== 'boption') return;
      const changed = message.changed;
      if (changed && changed.status !== 'open') setResults((known) => [changed, ...known.filter((order) => order.id !== changed.id)].slice(0, RESULTS_KEPT));
    });
    const stopWatching = getHub().watch({ kind: 'boption' });
    return () => {
      stopWatching();
      stopListening();
      setResults([]);
    };
  }, [signedIn]);
  const settledIds = new Set(results.map((order) => order.id));
  const shown = open ?? (justPlaced ? [] : null);
  const withPlaced =
    shown && justPlaced && !settledIds.has(justPlaced.id) && !shown.some((order) => order.id === justPlaced.id)
      ? [...shown, justPlaced].sort((a, b) => a.expiresAt - b.expiresAt)
      : shown;
  return { open: signedIn ? withPlaced : null, results: signedIn ? results : [], placed: setJustPlaced };
}

/** Settled options a trading screen's history shows (the full list is /Boption/BoptionCoinOrder). */
export const HISTORY_ROWS = 20;

/** The latest settled options, read again whenever `results` (the results heard) changes. */
export function useBoptionHistory(signedIn: boolean, results: readonly BoptionOrder[]): BoptionOrder[] | null {
  const [history, setHistory] = useState<BoptionOrder[] | null>(null);
  const resultsKey = results.map((order) => order.id).join(',');
  useEffect(() => {
    if (!signedIn) return undefined;
    let active = true;
    callApi(boptionOrdersCall, { query: { offset: 0, limit: HISTORY_ROWS } }, { silentAll: true }).then(
      (page) => {
        if (page && active) setHistory(page.list);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [signedIn, resultsKey]);
  return signedIn ? history : null;
}
