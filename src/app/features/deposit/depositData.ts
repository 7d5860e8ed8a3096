/**
 * The deposit screens' reads: the coins and networks (POST /blockchain/config), the user's address
 * for a coin and network (POST /blockchain/get_coin_address), and a page of the user's deposits
 * (POST /blockchain/deposit_history). The deposits are read again whenever the user's private
 * channel says a balance moved: the server announces a deposit when it is seen, with every block
 * that confirms it further, and when it is credited (server/modules/chain/watcher.ts), so a screen
 * follows "confirming 3 of 6" to "credited" without polling. Each such push also has the tab read
 * its balances, so the header and every open tab show the credited amount.
 */
import { blockchainConfigCall, coinAddressCall, depositHistoryCall, type BlockchainConfig, type CoinAddress, type Deposit } from '../../../shared/api/chain';
import { read, useLoaded, useReloadOnBalancePush, type Loaded } from '../../api/reads';

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
  useReloadOnBalancePush(reload);
  return { view, retry };
}
