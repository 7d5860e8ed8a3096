/**
 * The quote the market channel pushes after a symbol's trades (server/realtime/publisher.ts): the
 * market-data module's own, the one `quotation/latest` answers with. The module's index.ts hands
 * it to the socket server.
 */
import type { AppContext } from '../../context';
import type { QuoteSource } from '../../realtime/publisher';
import { loadMarketView, quoteSymbols } from './service';

export function marketQuoteSource(context: AppContext): QuoteSource {
  return async (symbolId) => {
    const view = await loadMarketView(context.db, null);
    const symbol = view.all.find((item) => item.id === symbolId);
    if (!symbol) return null;
    return (await quoteSymbols(context, view, [symbol])).get(symbolId)?.quote ?? null;
  };
}

