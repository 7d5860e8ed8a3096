/**
 * Spot exchange calls: thin wrappers over the engine. A symbol is named by id or by name and must
 * be one the user may see: a test-only market is for testEnabled accounts in every call that acts
 * on a symbol, as in the lists (spec 6), and answers as unknown to everyone else. Every order read
 * or cancelled is the signed-in user's own (the engine checks ownership); cancelling stays open
 * on any market, so that funds are never stuck behind a market the user no longer sees.
 */
import type { FastifyInstance } from 'fastify';
import { activeOrdersCall, cancelAllOrdersCall, cancelOrderCall, createOrderCall, feeRatesCall, ORDERS_PAGE_MAX, ordersCall } from '../../../src/shared/api/exchange';
import { refuse } from './errors';
import { registerCall } from '../../http/route';
import type { Engine } from '../../engine/engine';
import type { SessionUser } from '../../core/viewer';
import { selectVipLevel } from '../../engine/orders-repo';

/** Orders per minute per client: generous for people, a brake for a runaway script. */
const CREATE_PER_MINUTE = 600;
/** "Cancel all" per minute per client: each one may cancel hundreds of orders. */
const CANCEL_ALL_PER_MINUTE = 30;

/** Who a call without sign-in is: no test access. */
const VISITOR = { testEnabled: false } as const;

export function resolveSymbolId(engine: Engine, key: number | string, viewer: Pick<SessionUser, 'testEnabled'>): number {
  // Forms send the id as text: digits are an id, anything else a name.
  const id = typeof key === 'number' ? key : /^\d+$/.test(key) ? Number(key) : undefined;
  const wanted = typeof key === 'string' ? key.toUpperCase().replace('/', '_') : undefined;
  const found = engine.symbols().find((symbol) => (id !== undefined ? symbol.id === id : symbol.symbol === wanted));
  if (!found || (found.testOnly && !viewer.testEnabled)) refuse('symbolNotFound');
  return found.id;
}

export async function exchangeRoutes(app: FastifyInstance): Promise<void> {
  const { engine } = app;

  registerCall(
    app,
    createOrderCall,
    async (request) => {
      const body = request.body;
      return engine.placeOrder({
        userId: request.user!.id,
        symbolId: resolveSymbolId(engine, body.symbol, request.user!),
        side: body.side,
        type: body.type,
        price: body.price,
        quantity: body.quantity,
        quoteAmount: body.quoteAmount,
        clientOrderId: body.clientOrderId,
      });
    },
    { perMinute: CREATE_PER_MINUTE },
  );

  registerCall(app, activeOrdersCall, async (request) =>
    engine.activeOrders(request.user!.id, request.query.symbol === undefined ? undefined : resolveSymbolId(engine, request.query.symbol, request.user!)),
  );

  registerCall(app, cancelOrderCall, async (request) => engine.cancelOrder(request.user!.id, request.query.id), { perMinute: CREATE_PER_MINUTE });

  registerCall(
    app,
    cancelAllOrdersCall,
    async (request) => {
      const symbolId = request.query.symbol === undefined ? undefined : resolveSymbolId(engine, request.query.symbol, request.user!);
      return { cancelled: await engine.cancelOpenOrders(request.user!.id, symbolId) };
    },
    { perMinute: CANCEL_ALL_PER_MINUTE },
  );

  // The rates the engine would charge this caller now: the same MarketConfig snapshot a fill reads
  // (every instance reloads it when an operator changes a fee), at the caller's VIP level.
  registerCall(app, feeRatesCall, async (request) => {
    const symbolId = resolveSymbolId(engine, request.query.symbol, request.user ?? VISITOR);
    const vipLevel = request.user ? await selectVipLevel(app.context.db, request.user.id) : 0;
    const rates = engine.config.feeRates(symbolId, vipLevel);
    return { symbolId, makerFeePpm: Number(rates.makerPpm), takerFeePpm: Number(rates.takerPpm), vipLevel };
  });

  registerCall(app, ordersCall, async (request) => {
    const body = request.body;
    return engine.orders(request.user!.id, {
      symbolId: body.symbol === undefined ? undefined : resolveSymbolId(engine, body.symbol, request.user!),
      status: body.status,
      offset: body.offset,
      limit: Math.min(body.limit, ORDERS_PAGE_MAX),
    });
  });
}
