/** Translated names of an order's side, type and status, and its figures as the tables show them. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { OrderViewData } from '../../../shared/api/exchange';
import { trimZeros } from '../../../shared/decimal';

export const SIDE_LABELS: Record<OrderViewData['side'], MessageDescriptor> = { buy: msg`Buy`, sell: msg`Sell` };
export const TYPE_LABELS: Record<OrderViewData['type'], MessageDescriptor> = { limit: msg({ message: 'Limit', context: 'order type' }), market: msg({ message: 'Market', context: 'order type' }) };
export const STATUS_LABELS: Record<OrderViewData['status'], MessageDescriptor> = { open: msg`Open`, filled: msg`Filled`, cancelled: msg`Cancelled` };

/** The amount an order asks for: its quantity, or for a market buy the quote it spends. */
export function orderAmountText(order: OrderViewData): string {
  if (order.quantity !== null) return trimZeros(order.quantity);
  return order.quoteAmount === null ? '—' : trimZeros(order.quoteAmount);
}

export function symbolName(symbol: string): string {
  return symbol.replace('_', '/');
}
