/**
 * The reference price the market-maker robots quote around, so that markets move without an
 * internet feed. Each symbol's log price follows a seeded random walk: Gaussian steps scaled to
 * the symbol's annualised volatility, rare jumps, and a very slow pull back to the reference
 * price (an Ornstein-Uhlenbeck process, half-life of months) so that a server left running for
 * years stays near realistic prices instead of drifting to zero or infinity. Its drift is zero.
 *
 * Everything here is deterministic for a seed: the same seed and the same step durations give
 * the same path, which the tests and the candle backfill rely on. Prices are floats inside the
 * walk and leave it as whole ticks of the symbol (priceTicks), so they always sit on the grid.
 */
import { formatUnits } from '../../src/shared/money';
import { splitSymbol } from '../../src/shared/symbols';

export const YEAR_MS = 365 * 24 * 60 * 60_000;

/** What a currency is worth and how it moves, priced in USD (USDT is the numeraire). */
interface CurrencyProfile {
  priceUsd: number;
  volatilityAnnual: number;
  /** Quote volume of a typical day on our exchange, in USD; the backfill scales candles by it. */
  dailyVolumeUsd: number;
}

/**
 * Realistic starting points. Volatilities are typical annualised figures: BTC near 60%, large
 * caps 70-90%, small caps above 100%; stablecoins barely move.
 */
const CURRENCY_PROFILES: Readonly<Record<string, CurrencyProfile>> = {
  USDT: { priceUsd: 1, volatilityAnnual: 0, dailyVolumeUsd: 0 },
  USDC: { priceUsd: 1, volatilityAnnual: 0.02, dailyVolumeUsd: 5_000_000 },
  BTC: { priceUsd: 90_000, volatilityAnnual: 0.6, dailyVolumeUsd: 40_000_000 },
  ETH: { priceUsd: 3_000, volatilityAnnual: 0.75, dailyVolumeUsd: 20_000_000 },
  SOL: { priceUsd: 150, volatilityAnnual: 0.95, dailyVolumeUsd: 8_000_000 },
  BNB: { priceUsd: 600, volatilityAnnual: 0.65, dailyVolumeUsd: 5_000_000 },
  XRP: { priceUsd: 0.6, volatilityAnnual: 0.9, dailyVolumeUsd: 6_000_000 },
  DOGE: { priceUsd: 0.15, volatilityAnnual: 1.1, dailyVolumeUsd: 4_000_000 },
  TRX: { priceUsd: 0.25, volatilityAnnual: 0.7, dailyVolumeUsd: 2_000_000 },
  LTC: { priceUsd: 80, volatilityAnnual: 0.85, dailyVolumeUsd: 2_000_000 },
};

/** A currency an operator adds later starts at 1 USD with small-cap volatility. */
const UNKNOWN_CURRENCY: CurrencyProfile = { priceUsd: 1, volatilityAnnual: 1.2, dailyVolumeUsd: 1_000_000 };
/** Crypto assets move together; a cross pair such as ETH/BTC is less volatile than either leg. */
const CROSS_CORRELATION = 0.8;
/** A cross pair trades a fraction of what the same asset trades against a stablecoin. */
const CROSS_VOLUME_SHARE = 0.1;

export interface WalkProfile {
  referencePrice: number;
  volatilityAnnual: number;
  /** How fast the log price is pulled back to the reference price. */
  reversionHalfLifeDays: number;
  jumpsPerYear: number;
  /** Standard deviation of one jump of the log price. */
  jumpStdLog: number;
  /** Typical daily volume in the quote currency. */
  dailyVolumeQuote: number;
}

export function currencyPriceUsd(currency: string): number {
  return (CURRENCY_PROFILES[currency] ?? UNKNOWN_CURRENCY).priceUsd;
}

function isStable(profile: CurrencyProfile): boolean {
  return profile.volatilityAnnual < 0.05;
}

/** The walk of a pair, derived from its two currencies: ETH_BTC starts at ETH's price over BTC's. */
export function symbolWalkProfile(symbol: string): WalkProfile {
  const { baseSymbol, quoteSymbol } = splitSymbol(symbol);
  const base = CURRENCY_PROFILES[baseSymbol] ?? UNKNOWN_CURRENCY;
  const quote = CURRENCY_PROFILES[quoteSymbol] ?? UNKNOWN_CURRENCY;
  const volatilityAnnual = isStable(quote)
    ? Math.max(base.volatilityAnnual, quote.volatilityAnnual)
    : Math.sqrt(Math.max(0, base.volatilityAnnual ** 2 + quote.volatilityAnnual ** 2 - 2 * CROSS_CORRELATION * base.volatilityAnnual * quote.volatilityAnnual));
  const stablePair = isStable(base) && isStable(quote);
  return {
    referencePrice: base.priceUsd / quote.priceUsd,
    volatilityAnnual,
    // A stablecoin pair snaps back within hours; anything else wanders for months.
    reversionHalfLifeDays: stablePair ? 0.1 : 180,
    jumpsPerYear: stablePair ? 0 : 6,
    jumpStdLog: 0.04,
    dailyVolumeQuote: (Math.max(base.dailyVolumeUsd, 100_000) * (isStable(quote) ? 1 : CROSS_VOLUME_SHARE)) / quote.priceUsd,
  };
}

export type Random = () => number;

/** mulberry32: a small, fast 32-bit generator, plenty for simulated prices (never for secrets). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A 32-bit seed from any parts (FNV-1a), so each symbol gets its own stream from one seed. */
export function hashSeed(...parts: (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const character of parts.join('|')) {
    hash ^= character.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A standard normal draw (Box-Muller); 1 - random() keeps the logarithm finite. */
export function gaussian(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** One step of the walk: prices at its start and end and the extremes reached in between. */
export interface WalkStep {
  open: number;
  high: number;
  low: number;
  close: number;
}

export class PriceWalk {
  private logPrice: number;
  private readonly random: Random;
  private readonly logReference: number;
  private readonly reversionPerYear: number;

  constructor(
    readonly profile: WalkProfile,
    seed: number,
    startPrice: number = profile.referencePrice,
  ) {
    if (!(startPrice > 0) || !(profile.referencePrice > 0)) throw new Error('a walk needs positive prices');
    this.random = createRandom(seed);
    this.logPrice = Math.log(startPrice);
    this.logReference = Math.log(profile.referencePrice);
    this.reversionPerYear = Math.LN2 / (profile.reversionHalfLifeDays / 365);
  }

  get price(): number {
    return Math.exp(this.logPrice);
  }

  /**
   * Advances the walk by `durationMs`. The Ornstein-Uhlenbeck step is exact for any duration, so
   * a tick of one second and a backfill step of one hour follow the same process. The extremes
   * are drawn from the Brownian bridge between the two ends: P(max > m) = exp(-2(m-a)(m-b)/v).
   */
  step(durationMs: number): WalkStep {
    const years = Math.max(0, durationMs) / YEAR_MS;
    const open = this.logPrice;
    const decay = Math.exp(-this.reversionPerYear * years);
    const varianceLog = (this.profile.volatilityAnnual ** 2 * (1 - decay * decay)) / (2 * this.reversionPerYear);
    let close = this.logReference + (open - this.logReference) * decay + Math.sqrt(varianceLog) * gaussian(this.random);
    if (this.profile.jumpsPerYear > 0 && this.random() < this.profile.jumpsPerYear * years) {
      close += this.profile.jumpStdLog * gaussian(this.random);
    }
    const bridgeVariance = this.profile.volatilityAnnual ** 2 * years;
    const spread = (open - close) ** 2;
    const high = (open + close + Math.sqrt(spread - 2 * bridgeVariance * Math.log(1 - this.random()))) / 2;
    const low = (open + close - Math.sqrt(spread - 2 * bridgeVariance * Math.log(1 - this.random()))) / 2;
    this.logPrice = close;
    return { open: Math.exp(open), high: Math.exp(high), low: Math.exp(low), close: Math.exp(close) };
  }

  /** The current price as whole ticks of a symbol with this price precision. */
  priceTicks(pricePrecision: number): number {
    return priceToTicks(this.price, pricePrecision);
  }
}

/** A price rounded to the nearest tick, never below one tick (a price must stay positive). */
export function priceToTicks(price: number, pricePrecision: number): number {
  const ticks = Math.round(price * 10 ** pricePrecision);
  if (!Number.isSafeInteger(ticks)) throw new RangeError(`price ${price} out of the tick range`);
  return Math.max(1, ticks);
}

/** Ticks as the decimal string the engine takes. */
export function ticksToPrice(ticks: number, pricePrecision: number): string {
  return formatUnits(BigInt(ticks), pricePrecision);
}

/** Lots as the decimal string the engine takes. */
export function lotsToQuantity(lots: number, volumePrecision: number): string {
  return formatUnits(BigInt(lots), volumePrecision);
}
