/**
 * Market calls: the symbol list, candles, recent trades, the resync snapshot, quotes, rankings
 * and favourites. Registering the module also hooks candle aggregation into the engine, so that
 * every command's trades update the candles inside the command's own transaction.
 */
import type { FastifyInstance } from 'fastify';
import {
  favouriteAddCall,
  favouriteDeleteCall,
  favouriteQueryCall,
  fullQuoteCall,
  klinesCall,
  latestCall,
  rankingsCall,
  recentCall,
  symbolsCall,
} from '../../../src/shared/api/market';
import { indexHistoryCall } from '../../../src/shared/api/index-price';
import { registerCall } from '../../http/route';
import type { SessionUser } from '../../core/viewer';
import { rankings } from './rankings';
import * as service from './service';

/** The auth guard of a call with auth 'user' has already answered 401 without a user. */
function signedIn(user: SessionUser | null): SessionUser {
  if (!user) throw new Error('a user call ran without a signed-in user');
  return user;
}

export async function marketRoutes(app: FastifyInstance): Promise<void> {
  const { context, engine } = app;

  registerCall(app, symbolsCall, async (request) => service.symbolsForViewer(context.db, request.user));
  registerCall(app, klinesCall, async (request) => service.klines(context, request.user, request.query));
  // POST inputs may come in the query string (spec: ?id=) or the body; the body wins.
  registerCall(app, recentCall, async (request) => service.recentTrades(context, engine, request.user, { ...request.query, ...request.body }));
  registerCall(app, fullQuoteCall, async (request) => service.fullQuote(context, engine, request.user, request.query.id));
  registerCall(app, latestCall, async (request) => service.latestQuotes(context, request.user, { ...request.query, ...request.body }));
  registerCall(app, rankingsCall, async (request) => rankings(context, request.user));
  registerCall(app, indexHistoryCall, async (request) => service.indexHistory(context, app.prices, request.user, request.query));

  registerCall(app, favouriteQueryCall, async (request) => service.favouriteIds(context, signedIn(request.user)));
  registerCall(app, favouriteAddCall, async (request) =>
    service.changeFavourite(context, signedIn(request.user), 'add', request.body.id ?? request.query.id),
  );
  registerCall(app, favouriteDeleteCall, async (request) =>
    service.changeFavourite(context, signedIn(request.user), 'delete', request.body.id ?? request.query.id),
  );
}
