/**
 * The spot markets' configuration as operators set it (migration 0015, issue 21): each market's
 * status, maker and taker fees and smallest order value, and the fee tiers by VIP level. It lives
 * in the database; the engine reads it here, from a snapshot held in memory, because it is read
 * on every order and every fill and changes rarely.
 *
 * The snapshot is the one cache of market configuration: an operator's change writes the database
 * and then calls reload() (through Engine.reloadConfig(), which also opens the books of markets
 * added since), so a change applies at once without a restart. With several instances, each must
 * reload when another one changed the configuration: `onChange` listeners hear every local change
 * after it is written, which is where a cross-instance notice is published, and the instances
 * that receive it call Engine.reloadConfig().
 */
import { MARKET_STATUSES, type MarketStatusName as MarketStatus } from '../../src/shared/api/operator-config';
import type { Executor } from '../core/executor';

export type { MarketStatus };

export interface FeeRates {
  makerPpm: bigint;
  takerPpm: bigint;
}

/** The fees of a market added without its own (and of every market before migration 0015): maker 0.08 %, taker 0.1 %. */
export const DEFAULT_FEES: FeeRates = { makerPpm: 800n, takerPpm: 1_000n };

/** What a market is traded under. */
export interface MarketTerms extends FeeRates {
  status: MarketStatus;
  /** The smallest order value in units of the quote currency. */
  minOrderValueUnits: bigint;
}

export interface FeeTier extends FeeRates {
  vipLevel: number;
}

function toStatus(text: string): MarketStatus {
  if (!(MARKET_STATUSES as readonly string[]).includes(text)) throw new Error(`unknown market status ${text}`);
  return text as MarketStatus;
}

export class MarketConfig {
  private terms = new Map<number, MarketTerms>();
  /** Highest VIP level first, so that the first tier at or below a level is the one that applies. */
  private tiers: FeeTier[] = [];
  private readonly changeListeners: (() => void)[] = [];

  constructor(private readonly db: Executor) {}

  /** Reads the configuration again from the database and replaces the snapshot at once. */
  async reload(): Promise<void> {
    const [symbols, tiers] = await Promise.all([
      this.db.selectFrom('symbols').select(['id', 'status', 'maker_fee_ppm', 'taker_fee_ppm', 'min_order_value_units']).where('type', '=', 3n).execute(),
      this.db.selectFrom('fee_tiers').selectAll().orderBy('vip_level', 'desc').execute(),
    ]);
    this.terms = new Map(
      symbols.map((row) => [
        Number(row.id),
        { status: toStatus(row.status), makerPpm: row.maker_fee_ppm, takerPpm: row.taker_fee_ppm, minOrderValueUnits: row.min_order_value_units },
      ]),
    );
    this.tiers = tiers.map((row) => ({ vipLevel: Number(row.vip_level), makerPpm: row.maker_fee_ppm, takerPpm: row.taker_fee_ppm }));
  }

  /** A market's terms; a market the snapshot has not seen yet is not trading. */
  termsOf(symbolId: number): MarketTerms | undefined {
    return this.terms.get(symbolId);
  }

  statusOf(symbolId: number): MarketStatus {
    return this.terms.get(symbolId)?.status ?? 'delisted';
  }

  /** True when some user's fee depends on their VIP level, so a fill must read it. */
  hasFeeTiers(): boolean {
    return this.tiers.length > 0;
  }

  /** The lower of the market's fee and the fee of the highest tier at or below this VIP level, for each side. */
  feeRates(symbolId: number, vipLevel: number): FeeRates {
    const market = this.terms.get(symbolId);
    if (!market) throw new Error(`no terms for market ${symbolId}`);
    const tier = this.tiers.find((item) => item.vipLevel <= vipLevel);
    if (!tier) return market;
    return {
      makerPpm: tier.makerPpm < market.makerPpm ? tier.makerPpm : market.makerPpm,
      takerPpm: tier.takerPpm < market.takerPpm ? tier.takerPpm : market.takerPpm,
    };
  }

  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  /** Called by the operator API after it wrote a change and reloaded: tells the listeners. */
  announceChange(): void {
    for (const listener of this.changeListeners) listener();
  }
}
