/**
 * Market data: symbols, candles, trades, books, quotes, rankings and favourites. Candles are
 * written from the engine's trades in their own transaction, and the quote after a symbol's trades
 * is what the market channel pushes.
 */
import { candlesTradesHook } from '../../engine/candles';
import type { AppModule } from '../module';
import { marketQuoteSource } from './quote-source';
import { marketRoutes } from './routes';

export const marketModule: AppModule = {
  name: 'market',
  async register(api) {
    api.engine.addTradesHook(candlesTradesHook);
    api.realtimeHooks.quoteOf = marketQuoteSource(api.context);
    await marketRoutes(api);
  },
};
