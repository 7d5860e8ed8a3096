/**
 * The deposit screens' reads: the coins and networks (POST /blockchain/config), the user's address
 * for a coin and network (POST /blockchain/get_coin_address), and a page of the user's deposits
 * (POST /blockchain/deposit_history). The deposits are read again whenever the user's private
 * channel says a balance moved: the server announces a deposit when it is seen, with every block
 * that confirms it further, and when it is credited (server/modules/chain/watcher.ts), so a screen
 * follows "confirming 3 of 6" to "credited" without polling. Each such push also has the tab read
 * its balances, so the header and every open tab show the credited amount.
 */
import { useCallback, useEffect, useState } from 'react';
import type { AnyCall, CallData, CallInput } from '../../../shared/api/call';
import { blockchainConfigCall, coinAddressCall, depositHistoryCall, type BlockchainConfig, type CoinAddress, type Deposit } from '../../../shared/api/chain';
import { callApi } from '../../api/client';
import { hubStore } from '../../state/hub-store';
import { loadBalances } from '../../state/session';

export type Loaded<T> = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; data: T };

/** A read whose failure the screen shows itself (spec 8: the blockchain calls show nothing, so nothing is toasted). */
async function read<C extends AnyCall>(call: C, input: CallInput<C>): Promise<CallData<C> | null> {
  try {
    const data = await callApi(call, input, { silentAll: true });
    return data === false ? null : data;
  } catch (error) {
    console.warn(`Failed to read ${call.path}`, error);
    return null;
  }
}

/** Runs `load` again whenever one of its inputs changes or `retry` is called; answers to an older run are dropped. */
function useLoaded<T>(load: () => Promise<T | null>, inputs: readonly unknown[]): { view: Loaded<T>; retry: () => void; reload: () => void } {
  const [view, setView] = useState<Loaded<T>>({ phase: 'loading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let live = true;
    void load().then((data) => {
      // A failed re-read keeps what is on screen; only a first read that fails shows the failure.
      if (live) setView((previous) => (data !== null ? { phase: 'ready', data } : previous.phase === 'ready' ? previous : { phase: 'failed' }));
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` is rebuilt every render; its inputs are listed.
  }, [...inputs, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const retry = useCallback(() => {
    setView({ phase: 'loading' });
    setGeneration((value) => value + 1);
  }, []);
  return { view, retry, reload };
}

export function useBlockchainConfig(): { view: Loaded<BlockchainConfig>; retry: () => void } {
  return useLoaded(() => read(blockchainConfigCall, { body: {} }), []);
}

export function useCoinAddress(coin: string, network: string): { view: Loaded<CoinAddress>; retry: () => void } {
  return useLoaded(() => read(coinAddressCall, { query: { coin, network }, body: {} }), [coin, network]);
}

export interface DepositPage {
  total: number;
  list: Deposit[];
}

/** A page of the user's deposits (of one coin, or all), read again on every balance push. */
export function useDeposits(page: { coin?: string; offset: number; limit: number }): { view: Loaded<DepositPage>; retry: () => void } {
  const { coin, offset, limit } = page;
  const { view, retry, reload } = useLoaded(() => read(depositHistoryCall, { body: { ...(coin === undefined ? {} : { coin }), offset, limit } }), [coin, offset, limit]);
  useEffect(
    () =>
      hubStore.onRealtime((message) => {
        if (message.kind !== 'balance') return;
        reload();
        void loadBalances();
      }),
    [reload],
  );
  return { view, retry };
}
