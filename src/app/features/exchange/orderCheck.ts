/**
 * An order whose answer was lost (no answer within the timeout, a dropped connection, a 502 or
 * 504 from a proxy) may or may not exist: the server may have committed it before the answer went
 * missing. The form sent a client order id with it, so the order is looked up by that id among
 * the user's open orders and latest closed ones (a market order has filled by then). The server
 * refuses a second order with the same client order id, so sending the same order again with the
 * same id can never make two.
 */
import { activeOrdersCall, ordersCall, type OrderViewData } from '../../../shared/api/exchange';
import { callApi } from '../../api/client';

/** Closed orders the lookup reads: the lost one is among the newest. */
const CLOSED_ORDERS_READ = 50;
/** The check waits this long first, so that a server still committing the order has done it. */
export const LOST_ORDER_CHECK_DELAY_MS = 1_000;

/** The order sent with this client order id, null when there is none, 'unreachable' when the lists could not be read. */
export async function findSentOrder(clientOrderId: string): Promise<OrderViewData | null | 'unreachable'> {
  try {
    const [open, closed] = await Promise.all([
      callApi(activeOrdersCall, {}, { silentAll: true }),
      callApi(ordersCall, { body: { status: 'closed', offset: 0, limit: CLOSED_ORDERS_READ } }, { silentAll: true }),
    ]);
    if (open === false || closed === false) return 'unreachable';
    return [...open, ...closed.list].find((order) => order.clientOrderId === clientOrderId) ?? null;
  } catch {
    return 'unreachable';
  }
}

/** A new client order id: `web-` with the time and a random part (at most 40 characters, spec'd by createOrderCall). */
export function newClientOrderId(): string {
  return `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
