/** Translated names of an order's side, type and status, and its figures as the tables show them. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { OrderViewData } from '../../../shared/api/exchange';
import { trimZeros } from '../../../shared/decimal';
import { splitSymbol } from '../../../shared/symbols';

export const SIDE_LABELS: Record<OrderViewData['side'], MessageDescriptor> = { buy: msg`Buy`, sell: msg`Sell` };
export const TYPE_LABELS: Record<OrderViewData['type'], MessageDescriptor> = { limit: msg({ message: 'Limit', context: 'order type' }), market: msg({ message: 'Market', context: 'order type' }) };
export const STATUS_LABELS: Record<OrderViewData['status'], MessageDescriptor> = { open: msg`Open`, filled: msg`Filled`, cancelled: msg`Cancelled` };

/**
 * The amount an order asks for, with its unit: its quantity in the base currency, or for a market
 * buy the quote it spends ("20 USDT", never a bare 20 that reads as 20 BTC).
 */
export function orderAmountText(order: OrderViewData): string {
  const { baseSymbol: base, quoteSymbol: quote } = splitSymbol(order.symbol);
  if (order.quantity !== null) return `${trimZeros(order.quantity)} ${base}`;
  return order.quoteAmount === null ? '—' : `${trimZeros(order.quoteAmount)} ${quote}`;
}

/**
 * What has filled, in the amount's unit so that the two compare: the base quantity, or for a
 * market buy the quote spent, with the base it bought after it.
 */
export function orderFilledText(order: OrderViewData): string {
  const { baseSymbol: base, quoteSymbol: quote } = splitSymbol(order.symbol);
  if (order.quantity === null && order.quoteAmount !== null) return `${trimZeros(order.filledQuote)} ${quote} (${trimZeros(order.filledQuantity)} ${base})`;
  return `${trimZeros(order.filledQuantity)} ${base}`;
}

export function symbolName(symbol: string): string {
  return symbol.replace('_', '/');
}
