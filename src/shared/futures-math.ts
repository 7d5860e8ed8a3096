/**
 * The arithmetic of a futures position (api/futures.ts), shared by the server, which settles with
 * it, and the web, which shows the cost and the liquidation price before a user confirms. Nothing
 * here goes through a JS number:
 * - a price is whole ticks of the futures symbol's price precision, a size whole steps of its
 *   volume precision, money whole units of the margin currency (USDT, scale 6);
 * - a rate (fee, maintenance margin, spread) is an integer in parts per million, parsed exactly
 *   from the config's decimal string ("0.0005" is 500 ppm; a finer rate is refused, not rounded);
 * - every division rounds once, at the end, in the house's favour: what a user pays (margin for a
 *   size, fees, maintenance margin, losses) rounds up, what a user gets (size for a margin,
 *   profits) rounds down, and the trigger prices round towards firing sooner.
 *
 * A position of `volume` steps entered at `entry` ticks is worth volume x price x 10^(s-p-v) units
 * at a price (p, v the price and volume precisions, s the margin scale); its PnL is that value's
 * change in the position's favour.
 */
import type { FuturesSide } from './api/futures';
import { assertUnitsInRange, divideUnits, mulDivUnits, parseUnits, type Rounding } from './money';

/** Rates are parts per million of a notional or a price. */
export const RATE_PPM = 1_000_000n;

/** A margin ratio past any meaning (the equity is gone) reads as this: 100, i.e. 10,000 %. */
export const MARGIN_RATIO_MAX_PPM = 100n * RATE_PPM;

/** The precisions a futures symbol counts in. */
export interface FuturesScales {
  /** Decimals of a price: one tick is 10^-pricePrecision USDT per base unit. */
  pricePrecision: number;
  /** Decimals of a size: one step is 10^-volumePrecision base units. */
  volumePrecision: number;
  /** Decimals of the margin currency's units (USDT: 6). */
  marginScale: number;
}

/** A futures symbol's precisions and its rates in ppm (from futuresSymbolConfigSchema). */
export interface FuturesTerms extends FuturesScales {
  openFeePpm: bigint;
  closeFeePpm: bigint;
  maintenancePpm: bigint;
  spreadPpm: bigint;
}

/** What the math needs of a position: which way, how big, where it was entered, what it holds. */
export interface PositionTerms {
  side: FuturesSide;
  volumeSteps: bigint;
  entryTicks: bigint;
  marginUnits: bigint;
}

/** A config rate ("0.0005") in ppm; a rate finer than one ppm, negative or from 1 up is refused. */
export function parseRatePpm(text: string): bigint {
  const ppm = parseUnits(text, 6);
  if (ppm < 0n || ppm >= RATE_PPM) throw new RangeError(`a rate must be in [0, 1): ${text}`);
  return ppm;
}

/**
 * value x 10^(s-p-v) as a fraction numerator / denominator: multiplying a product of steps and
 * ticks by `numerator` and dividing by `denominator` gives margin units. One of the two is 1.
 */
function unitsPerStepTick(scales: FuturesScales): { numerator: bigint; denominator: bigint } {
  const exponent = scales.marginScale - scales.pricePrecision - scales.volumePrecision;
  return exponent >= 0 ? { numerator: 10n ** BigInt(exponent), denominator: 1n } : { numerator: 1n, denominator: 10n ** BigInt(-exponent) };
}

/** Margin units of volume x price, with the given rounding. */
export function notionalUnits(scales: FuturesScales, volumeSteps: bigint, priceTicks: bigint, rounding: Rounding): bigint {
  const { numerator, denominator } = unitsPerStepTick(scales);
  return mulDivUnits(volumeSteps * priceTicks, numerator, denominator, rounding);
}

/** ppm of volume x price, rounded up: fees and maintenance margins are what the user owes. */
function notionalShareUnits(scales: FuturesScales, volumeSteps: bigint, priceTicks: bigint, ratePpm: bigint): bigint {
  const { numerator, denominator } = unitsPerStepTick(scales);
  return mulDivUnits(volumeSteps * priceTicks * ratePpm, numerator, denominator * RATE_PPM, 'up');
}

/** The size a margin buys at a leverage: margin x leverage / price, rounded down to the step. */
export function volumeFromMargin(scales: FuturesScales, marginUnits: bigint, leverage: number, priceTicks: bigint): bigint {
  const { numerator, denominator } = unitsPerStepTick(scales);
  return mulDivUnits(marginUnits * BigInt(leverage), denominator, priceTicks * numerator, 'down');
}

/** The margin a size needs at a leverage: volume x price / leverage, rounded up. */
export function marginFromVolume(scales: FuturesScales, volumeSteps: bigint, priceTicks: bigint, leverage: number): bigint {
  const { numerator, denominator } = unitsPerStepTick(scales);
  return mulDivUnits(volumeSteps * priceTicks, numerator, denominator * BigInt(leverage), 'up');
}

/** The fee of opening or closing `volume` at `price` (the notional at that price x the rate), rounded up. */
export function tradeFeeUnits(scales: FuturesScales, volumeSteps: bigint, priceTicks: bigint, feePpm: bigint): bigint {
  return notionalShareUnits(scales, volumeSteps, priceTicks, feePpm);
}

/** The price a market open gets: the mark plus the spread for a long (rounded up), minus it for a short (rounded down). */
export function marketEntryTicks(side: FuturesSide, markTicks: bigint, spreadPpm: bigint): bigint {
  return side === 'long'
    ? divideUnits(markTicks * (RATE_PPM + spreadPpm), RATE_PPM, 'up')
    : divideUnits(markTicks * (RATE_PPM - spreadPpm), RATE_PPM, 'down');
}

/** The PnL at a price, before fees: the value's change in the position's favour, rounded down (a loss up). */
export function pnlUnits(scales: FuturesScales, position: PositionTerms, priceTicks: bigint): bigint {
  const { numerator, denominator } = unitsPerStepTick(scales);
  const move = position.side === 'long' ? priceTicks - position.entryTicks : position.entryTicks - priceTicks;
  return assertUnitsInRange(divideUnits(position.volumeSteps * move * numerator, denominator, 'down'));
}

/** The maintenance margin at a price: the notional there x the rate, rounded up. */
export function maintenanceMarginUnits(scales: FuturesScales, volumeSteps: bigint, priceTicks: bigint, maintenancePpm: bigint): bigint {
  return notionalShareUnits(scales, volumeSteps, priceTicks, maintenancePpm);
}

/**
 * The price where margin + PnL equals the maintenance margin there, solved exactly and rounded
 * towards the entry (up for a long, down for a short) so that a position is liquidated at or
 * before the exact point, never after. A long the price cannot take there (1x) answers 0: no mark
 * is at or below 0, so it never fires.
 *
 * Long:  M + V(P - E)k = V P k r  =>  P = (V E k - M) / (V k (1 - r))
 * Short: M + V(E - P)k = V P k r  =>  P = (V E k + M) / (V k (1 + r))
 * with k = 10^(s-p-v) units per step-tick and r the rate; multiplied out to integers below.
 */
export function liquidationTicks(scales: FuturesScales, position: PositionTerms, maintenancePpm: bigint): bigint {
  const { volumeSteps, entryTicks, marginUnits } = position;
  const { numerator, denominator } = unitsPerStepTick(scales);
  const valueAtEntry = volumeSteps * entryTicks * numerator * RATE_PPM;
  const marginScaled = marginUnits * denominator * RATE_PPM;
  if (position.side === 'long') {
    const ticks = divideUnits(valueAtEntry - marginScaled, volumeSteps * numerator * (RATE_PPM - maintenancePpm), 'up');
    return ticks > 0n ? ticks : 0n;
  }
  return divideUnits(valueAtEntry + marginScaled, volumeSteps * numerator * (RATE_PPM + maintenancePpm), 'down');
}

/**
 * The price where margin + PnL is zero (a liquidation settles here), rounded away from the entry
 * (down for a long, up for a short): the PnL there is minus the margin or a little more, never a
 * little less, so the house is never short by a rounding. The settlement caps the user's loss at
 * the margin (settleLiquidation).
 */
export function bankruptcyTicks(scales: FuturesScales, position: PositionTerms): bigint {
  const { volumeSteps, entryTicks, marginUnits } = position;
  const { numerator, denominator } = unitsPerStepTick(scales);
  const valueAtEntry = volumeSteps * entryTicks * numerator;
  if (position.side === 'long') {
    const ticks = divideUnits(valueAtEntry - marginUnits * denominator, volumeSteps * numerator, 'down');
    return ticks > 0n ? ticks : 0n;
  }
  return divideUnits(valueAtEntry + marginUnits * denominator, volumeSteps * numerator, 'up');
}

/**
 * Maintenance margin over equity (margin + unrealised PnL), in ppm, rounded up: 1,000,000 is the
 * liquidation point. Equity at or below zero reads as MARGIN_RATIO_MAX_PPM, and so does any
 * ratio above it.
 */
export function marginRatioPpm(maintenanceUnits: bigint, equityUnits: bigint): bigint {
  if (equityUnits <= 0n) return MARGIN_RATIO_MAX_PPM;
  const ratio = divideUnits(maintenanceUnits * RATE_PPM, equityUnits, 'up');
  return ratio < MARGIN_RATIO_MAX_PPM ? ratio : MARGIN_RATIO_MAX_PPM;
}

/** What a new position would be: its size, margin, open fee, the cost (margin + fee) and where it would be liquidated. */
export interface OpenQuote {
  volumeSteps: bigint;
  marginUnits: bigint;
  openFeeUnits: bigint;
  costUnits: bigint;
  liquidationTicks: bigint;
}

/**
 * Quotes an open at `entryTicks` from exactly one of a margin (the size is what it buys, the
 * margin stays as given) or a size (the margin is what it needs).
 */
export function quoteOpen(
  terms: FuturesTerms,
  order: { side: FuturesSide; leverage: number; entryTicks: bigint } & ({ marginUnits: bigint } | { volumeSteps: bigint }),
): OpenQuote {
  const { side, leverage, entryTicks } = order;
  const volumeSteps = 'marginUnits' in order ? volumeFromMargin(terms, order.marginUnits, leverage, entryTicks) : order.volumeSteps;
  const marginUnits = 'marginUnits' in order ? order.marginUnits : marginFromVolume(terms, volumeSteps, entryTicks, leverage);
  const openFeeUnits = tradeFeeUnits(terms, volumeSteps, entryTicks, terms.openFeePpm);
  const liquidation = volumeSteps > 0n ? liquidationTicks(terms, { side, volumeSteps, entryTicks, marginUnits }, terms.maintenancePpm) : 0n;
  return { volumeSteps, marginUnits, openFeeUnits, costUnits: marginUnits + openFeeUnits, liquidationTicks: liquidation };
}

/**
 * Which stop point is wrong, if any: a take-profit must be beyond the reference price (the entry,
 * or the trigger of a pending position) in the position's favour, a stop-loss against it and
 * strictly before the liquidation price (when there is one yet).
 */
export function invalidStopPoint(
  side: FuturesSide,
  referenceTicks: bigint,
  liquidation: bigint | undefined,
  points: { takeProfitTicks?: bigint | undefined; stopLossTicks?: bigint | undefined },
): 'takeProfit' | 'stopLoss' | undefined {
  const { takeProfitTicks: takeProfit, stopLossTicks: stopLoss } = points;
  const long = side === 'long';
  if (takeProfit !== undefined && (takeProfit <= 0n || (long ? takeProfit <= referenceTicks : takeProfit >= referenceTicks))) {
    return 'takeProfit';
  }
  if (stopLoss !== undefined) {
    if (stopLoss <= 0n || (long ? stopLoss >= referenceTicks : stopLoss <= referenceTicks)) return 'stopLoss';
    if (liquidation !== undefined && (long ? stopLoss <= liquidation : stopLoss >= liquidation)) return 'stopLoss';
  }
  return undefined;
}

/**
 * Where a closed position's margin goes. The four parts always add up to the margin, so a
 * settlement that posts them moves nothing from nowhere:
 * margin = payout + fee + house + insurance.
 */
export interface CloseSettlement {
  /** The PnL the user realises: the PnL at the close price, never below minus the margin. */
  userPnlUnits: bigint;
  /** Back to the user's futures wallet: margin + PnL - fee, never below zero. */
  payoutUnits: bigint;
  /** To the fee account: the close fee, or what is left of the margin when less. */
  feeUnits: bigint;
  /** To the futures house (negative: from it): minus the PnL at the close price, the counterparty's side. */
  houseUnits: bigint;
  /** To the insurance fund (negative: from it): what a liquidation leaves, or what a gap costs beyond the margin. */
  insuranceUnits: bigint;
}

/**
 * A close by the user, take-profit or stop-loss at a price with PnL `pnl` there and fee `fee`.
 * When a gap took the price past bankruptcy, the user loses the margin and no more, pays no fee,
 * and the insurance fund pays the house the rest.
 */
export function settleClose(marginUnits: bigint, pnlAtCloseUnits: bigint, closeFeeUnits: bigint): CloseSettlement {
  const equity = marginUnits + pnlAtCloseUnits;
  const feeUnits = equity <= 0n ? 0n : equity < closeFeeUnits ? equity : closeFeeUnits;
  return {
    userPnlUnits: equity < 0n ? -marginUnits : pnlAtCloseUnits,
    payoutUnits: equity > feeUnits ? equity - feeUnits : 0n,
    feeUnits,
    houseUnits: -pnlAtCloseUnits,
    insuranceUnits: equity < 0n ? equity : 0n,
  };
}

/**
 * A liquidation: the user loses exactly the margin (settled at the bankruptcy price, no fee); the
 * house takes its side at the mark; the insurance fund gets what is left between the two, or pays
 * it after a gap past bankruptcy.
 */
export function settleLiquidation(marginUnits: bigint, pnlAtMarkUnits: bigint): CloseSettlement {
  return {
    userPnlUnits: -marginUnits,
    payoutUnits: 0n,
    feeUnits: 0n,
    houseUnits: -pnlAtMarkUnits,
    insuranceUnits: marginUnits + pnlAtMarkUnits,
  };
}
