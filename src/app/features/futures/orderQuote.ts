/**
 * What the order panel shows before a user confirms (issue 17: cost and liquidation price before
 * confirming) and the body it sends: the entry estimate (the mark, or the limit's trigger, moved
 * by the spread against the user, as the server opens it), the size or margin the other one buys,
 * the open fee, the cost (margin + open fee) and the liquidation price, all from
 * src/shared/futures-math.ts, the server's own arithmetic. The first problem found names the field
 * to fix; the server checks everything again.
 */
import type { FuturesOrderType, FuturesSide, FuturesSymbolConfig } from '../../../shared/api/futures';
import { positiveUnits, shareOfUnits, unitsOf, unitsText } from '../../../shared/decimal';
import { invalidStopPoint, marketEntryTicks, quoteOpen, RATE_PPM, type FuturesTerms, type OpenQuote } from '../../../shared/futures-math';
import { formatUnits } from '../../../shared/money';

/** Whether the amount field holds the margin (USDT) or the size (base currency). */
export type AmountMode = 'margin' | 'volume';

export interface FuturesOrderForm {
  side: FuturesSide;
  type: FuturesOrderType;
  leverage: number;
  amountMode: AmountMode;
  amount: string;
  triggerPrice: string;
  takeProfit: string;
  stopLoss: string;
}

export type OrderProblem = 'mark' | 'triggerPrice' | 'amount' | 'volumeMin' | 'volumeMax' | 'balance' | 'takeProfit' | 'stopLoss';

export interface OrderEstimate {
  quote: OpenQuote;
  entryPrice: string;
  volume: string;
  margin: string;
  openFee: string;
  cost: string;
  /** Null when the position cannot be liquidated (a long at 1x). */
  liquidationPrice: string | null;
}

export interface OrderCheck {
  estimate: OrderEstimate | null;
  problem: OrderProblem | null;
}

/** The body of futures/create for the form (checked first with checkOrder). */
export function createBody(symbol: string, form: FuturesOrderForm) {
  const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());
  return {
    symbol,
    side: form.side,
    type: form.type,
    leverage: form.leverage,
    ...(form.amountMode === 'margin' ? { margin: form.amount.trim() } : { volume: form.amount.trim() }),
    triggerPrice: form.type === 'limit' ? optional(form.triggerPrice) : undefined,
    takeProfit: optional(form.takeProfit),
    stopLoss: optional(form.stopLoss),
  };
}

/** A stop point's field as ticks: undefined when empty, null when unreadable. */
function optionalTicks(text: string, terms: FuturesTerms): bigint | undefined | null {
  if (text.trim() === '') return undefined;
  return positiveUnits(text, terms.pricePrecision);
}

/**
 * The estimate of the form's order and its first problem. `available` is what the futures wallet
 * has free (margin units); null when unknown (a visitor), which skips the balance check.
 */
export function checkOrder(form: FuturesOrderForm, config: FuturesSymbolConfig, terms: FuturesTerms, mark: string | null, available: bigint | null): OrderCheck {
  const reference = form.type === 'limit' ? positiveUnits(form.triggerPrice, terms.pricePrecision) : mark ? unitsOf(mark, terms.pricePrecision) : null;
  if (reference === null || reference <= 0n)
    return {
      estimate: null,
      problem: form.type === 'limit' ? 'triggerPrice' : 'mark',
    };
  const scale = form.amountMode === 'margin' ? terms.marginScale : terms.volumePrecision;
  const amount = positiveUnits(form.amount, scale);
  if (amount === null) return { estimate: null, problem: 'amount' };
  const entryTicks = marketEntryTicks(form.side, reference, terms.spreadPpm);
  const order = { side: form.side, leverage: form.leverage, entryTicks };
  const quote = quoteOpen(terms, form.amountMode === 'margin' ? { ...order, marginUnits: amount } : { ...order, volumeSteps: amount });
  const estimate: OrderEstimate = {
    quote,
    entryPrice: formatUnits(entryTicks, terms.pricePrecision),
    volume: unitsText(quote.volumeSteps, terms.volumePrecision),
    margin: formatUnits(quote.marginUnits, terms.marginScale),
    openFee: formatUnits(quote.openFeeUnits, terms.marginScale),
    cost: formatUnits(quote.costUnits, terms.marginScale),
    liquidationPrice: quote.liquidationTicks > 0n ? formatUnits(quote.liquidationTicks, terms.pricePrecision) : null,
  };
  // A stop point is checked against the entry, or against the trigger while the order waits for it.
  const stopReference = form.type === 'limit' ? reference : entryTicks;
  return {
    estimate,
    problem: orderProblem(form, config, terms, quote, stopReference, available),
  };
}

function orderProblem(form: FuturesOrderForm, config: FuturesSymbolConfig, terms: FuturesTerms, quote: OpenQuote, stopReference: bigint, available: bigint | null): OrderProblem | null {
  const minimum = unitsOf(config.minVolume, terms.volumePrecision);
  const maximum = unitsOf(config.maxVolume, terms.volumePrecision);
  if (quote.volumeSteps <= 0n || (minimum !== null && quote.volumeSteps < minimum)) return 'volumeMin';
  if (maximum !== null && quote.volumeSteps > maximum) return 'volumeMax';
  const takeProfitTicks = optionalTicks(form.takeProfit, terms);
  if (takeProfitTicks === null) return 'takeProfit';
  const stopLossTicks = optionalTicks(form.stopLoss, terms);
  if (stopLossTicks === null) return 'stopLoss';
  const liquidation = quote.liquidationTicks > 0n ? quote.liquidationTicks : undefined;
  const wrong = invalidStopPoint(form.side, stopReference, liquidation, {
    takeProfitTicks,
    stopLossTicks,
  });
  if (wrong) return wrong;
  if (available !== null && quote.costUnits > available) return 'balance';
  return null;
}

/**
 * The margin a share of what is available pays for with its open fee. The size a margin buys is
 * worth at most margin x leverage at the entry (it rounds down), so the fee is at most that times
 * the rate, rounded up by one unit: margin x (1 + leverage x rate) + 1 stays within the share.
 */
export function marginForShare(availableUnits: bigint, percent: number, leverage: number, terms: FuturesTerms): bigint {
  const share = shareOfUnits(availableUnits, percent) - 1n;
  if (share <= 0n) return 0n;
  return (share * RATE_PPM) / (RATE_PPM + BigInt(leverage) * terms.openFeePpm);
}
