/**
 * The wallets as the Assets pages show them: every wallet's balances (POST /balance/get without a
 * currency), read when a page opens and again whenever the user's assets change anywhere. The
 * header follows the changes for every tab (the local assets flag, checked every
 * ASSET_FLAG_POLL_MS, and the balance events of the user's private channel, from this device or
 * another) by having the hub read the balances again; a new `session.balances` means a new read
 * here. Values in USDT use the header's prices: the
 * last price of each coin's USDT market, watched while a page shows them.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { balanceGetCall, type Balance, type WalletBalances } from '../../../shared/api/balance';
import { walletValues } from '../../../shared/valuation';
import { callApi } from '../../api/client';
import { heldCurrencies, usdtMarketIds, usdtPriceOf } from '../../layout/header/headerLogic';
import { useQuotes, useSymbols } from '../../state/hub';
import { session } from '../../state/session';

/** undefined while the first read is out, null when it failed. */
export type WalletsState = WalletBalances | null | undefined;

async function readWallets(): Promise<WalletBalances | null> {
  try {
    const data = await callApi(balanceGetCall, { query: {} }, { silentAll: true });
    return data === false || !('spot' in data) ? null : data;
  } catch (error) {
    console.warn('Failed to read the wallets', error);
    return null;
  }
}

export function useWalletBalances(): { wallets: WalletsState; reload: () => void } {
  const [wallets, setWallets] = useState<WalletsState>(undefined);
  const [generation, setGeneration] = useState(0);
  const { balances } = useSnapshot(session);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  useEffect(() => {
    let current = true;
    void readWallets().then((answer) => {
      // A failed re-read keeps what is on screen; only a first read that fails shows the error.
      if (current) setWallets((previous) => (answer === null && previous ? previous : answer));
    });
    return () => {
      current = false;
    };
  }, [generation, balances]);
  return { wallets, reload };
}

/** The price lookup for every currency these wallets hold (USDT and FTUSDT need none). */
export function useUsdtPrices(wallets: WalletsState): { priceOf: (currency: string) => string | undefined; complete: boolean } {
  const symbols = useSymbols();
  const held = wallets ? heldCurrencies(Object.values(wallets).flat() as Balance[]) : [];
  const ids = usdtMarketIds(symbols, held);
  const quotes = useQuotes(ids);
  return { priceOf: usdtPriceOf(symbols, quotes), complete: ids.every((id) => quotes.has(id)) };
}

/** Each wallet's value and the total in USDT (8 decimals; shown truncated to 3). */
export function useWalletValues(wallets: WalletsState) {
  const { priceOf, complete } = useUsdtPrices(wallets);
  if (!wallets) return null;
  return { ...walletValues(wallets, priceOf), complete, priceOf };
}
