/**
 * Reference data of the chain area (server/modules/chain): the blockchain networks with their
 * address formats and the confirmations a deposit waits for, and every currency on the networks it
 * can be deposited on, with its deposit minimum and the withdrawal figures the withdrawal round
 * uses. Amounts are decimal strings in the currency's scale (server/seed/market.ts), checked when
 * seeded. The simulator (server/chain/simulator.ts) mints a block a second on every network, so
 * the confirmations are kept short enough for a demo to watch a deposit arrive.
 */
import type { AppContext } from '../context';
import { parseUnits } from '../../src/shared/money';
import { SEED_CURRENCIES } from './market';

export interface SeedNetwork {
  id: string;
  name: string;
  /** The address format, anchored: what a withdrawal address is checked against, and what the simulator's addresses match. */
  addressRegex: string;
  confirmations: number;
}

const BASE58 = '1-9A-HJ-NP-Za-km-z';
const BECH32 = '02-9ac-hj-np-z';

export const SEED_NETWORKS: readonly SeedNetwork[] = [
  { id: 'BTC', name: 'Bitcoin', addressRegex: `^(bc1[${BECH32}]{39,59}|[13][${BASE58}]{25,34})$`, confirmations: 2 },
  { id: 'ERC20', name: 'Ethereum (ERC20)', addressRegex: '^0x[0-9a-fA-F]{40}$', confirmations: 12 },
  { id: 'TRC20', name: 'TRON (TRC20)', addressRegex: `^T[${BASE58}]{33}$`, confirmations: 6 },
  { id: 'BEP20', name: 'BNB Smart Chain (BEP20)', addressRegex: '^0x[0-9a-fA-F]{40}$', confirmations: 15 },
  { id: 'SOL', name: 'Solana', addressRegex: `^[${BASE58}]{32,44}$`, confirmations: 4 },
  { id: 'XRP', name: 'XRP Ledger', addressRegex: `^r[${BASE58}]{24,34}$`, confirmations: 1 },
  { id: 'DOGE', name: 'Dogecoin', addressRegex: `^D[${BASE58}]{33}$`, confirmations: 6 },
  { id: 'LTC', name: 'Litecoin', addressRegex: `^(ltc1[${BECH32}]{39,59}|[LM][${BASE58}]{26,33})$`, confirmations: 4 },
];

export interface SeedChainCoin {
  currency: string;
  network: string;
  depositMin: string;
  withdrawFee: string;
  withdrawMin: string;
  withdrawMax: string;
}

/** In the order the deposit page offers them: per currency, its usual network first. */
export const SEED_CHAIN_COINS: readonly SeedChainCoin[] = [
  { currency: 'USDT', network: 'TRC20', depositMin: '1', withdrawFee: '1', withdrawMin: '10', withdrawMax: '100000' },
  { currency: 'USDT', network: 'ERC20', depositMin: '10', withdrawFee: '5', withdrawMin: '20', withdrawMax: '100000' },
  { currency: 'USDC', network: 'ERC20', depositMin: '10', withdrawFee: '5', withdrawMin: '20', withdrawMax: '100000' },
  { currency: 'BTC', network: 'BTC', depositMin: '0.0001', withdrawFee: '0.0002', withdrawMin: '0.001', withdrawMax: '5' },
  { currency: 'ETH', network: 'ERC20', depositMin: '0.005', withdrawFee: '0.002', withdrawMin: '0.01', withdrawMax: '100' },
  { currency: 'BNB', network: 'BEP20', depositMin: '0.01', withdrawFee: '0.001', withdrawMin: '0.02', withdrawMax: '500' },
  { currency: 'TRX', network: 'TRC20', depositMin: '10', withdrawFee: '1', withdrawMin: '20', withdrawMax: '1000000' },
  { currency: 'SOL', network: 'SOL', depositMin: '0.01', withdrawFee: '0.01', withdrawMin: '0.1', withdrawMax: '2000' },
  { currency: 'XRP', network: 'XRP', depositMin: '1', withdrawFee: '0.25', withdrawMin: '20', withdrawMax: '500000' },
  { currency: 'DOGE', network: 'DOGE', depositMin: '10', withdrawFee: '5', withdrawMin: '50', withdrawMax: '2000000' },
  { currency: 'LTC', network: 'LTC', depositMin: '0.01', withdrawFee: '0.001', withdrawMin: '0.05', withdrawMax: '2000' },
];

export async function seedChain(context: AppContext): Promise<void> {
  const scaleByCode = new Map(SEED_CURRENCIES.map((currency) => [currency.code, currency.scale]));
  const networkIds = new Set(SEED_NETWORKS.map((network) => network.id));
  const coins = SEED_CHAIN_COINS.map((coin, index) => {
    const scale = scaleByCode.get(coin.currency);
    if (scale === undefined || !networkIds.has(coin.network)) throw new Error(`chain coin ${coin.currency}/${coin.network}: unknown currency or network`);
    return {
      currency: coin.currency,
      network: coin.network,
      deposit_enabled: 1,
      withdraw_enabled: 1,
      deposit_min_units: parseUnits(coin.depositMin, scale),
      withdraw_fee_units: parseUnits(coin.withdrawFee, scale),
      withdraw_min_units: parseUnits(coin.withdrawMin, scale),
      withdraw_max_units: parseUnits(coin.withdrawMax, scale),
      sort_order: index + 1,
    };
  });
  await context.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('chain_networks')
      .values(SEED_NETWORKS.map((network, index) => ({
        id: network.id,
        name: network.name,
        address_regex: network.addressRegex,
        confirmations: network.confirmations,
        sort_order: index + 1,
      })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    await trx.insertInto('chain_coins').values(coins).onConflict((conflict) => conflict.doNothing()).execute();
  });
}
