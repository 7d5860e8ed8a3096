/**
 * The public `index` channel: after each sampling round of the index prices, every futures and
 * binary-option symbol's price at its own precision (null while it has none), in one message;
 * test-only symbols stay off this public channel (their readers use GET /market/indexhistory).
 * Nobody listening costs one emit to an empty room a second.
 */
import { formatUnits } from '../../src/shared/money';
import { INDEX_CHANNEL, type IndexMessage } from '../../src/shared/realtime';
import type { IndexPrices } from '../prices/index-price';
import type { RealtimeIo } from './types';

export function publishIndexPrices(io: RealtimeIo, prices: IndexPrices): () => void {
  return prices.onSampled((now) => {
    const message: IndexMessage = {
      at: now,
      prices: prices.derivedSymbols().flatMap((symbol) => {
        if (symbol.testOnly) return [];
        const price = prices.current(symbol.symbolId);
        return [{ symbolId: symbol.symbolId, price: price ? formatUnits(price.priceTicks, symbol.pricePrecision) : null }];
      }),
    };
    io.to(INDEX_CHANNEL).emit('index', message);
  });
}
