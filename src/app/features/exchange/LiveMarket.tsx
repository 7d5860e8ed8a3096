/**
 * The exchange's panels that show live figures, each reading its own part of the market
 * (useMarket.ts): a push renders the panel whose figures it changes, not the page around it.
 */
import { useMemo } from 'react';
import type { MarketSymbol } from '../../../shared/api/market';
import { LatestTrades } from '../../ui/LatestTrades';
import { OrderBook } from './OrderBook';
import { OrderForms, type OrderFormProps } from './OrderForm';
import { selectBestAsk, selectBestBid, selectBook, selectBookFailed, selectLastTradePrice, selectTrades, useMarketPart, useMarketQuote, type MarketFeed } from './useMarket';

export function LiveOrderBook({ feed, symbol, rows, onPick }: { feed: MarketFeed; symbol: MarketSymbol; rows: number; onPick: (price: string) => void }) {
  const book = useMarketPart(feed, selectBook);
  const failed = useMarketPart(feed, selectBookFailed);
  const quote = useMarketQuote(feed);
  return <OrderBook symbol={symbol} book={book} quote={quote} rows={rows} onPick={onPick} failed={failed} onRetry={feed.retry} />;
}

export function LiveLatestTrades({ feed, symbol, rows, testId }: { feed: MarketFeed; symbol: MarketSymbol; rows: number; testId?: string }) {
  const trades = useMarketPart(feed, selectTrades);
  return <LatestTrades symbol={symbol} trades={trades} rows={rows} testId={testId} />;
}

/** The order form with the market's best prices and last price (a book update that leaves the best prices renders nothing here). */
export function LiveOrderForms({ feed, ...props }: Omit<OrderFormProps, 'best' | 'lastPrice'> & { feed: MarketFeed }) {
  const bid = useMarketPart(feed, selectBestBid);
  const ask = useMarketPart(feed, selectBestAsk);
  const best = useMemo(() => ({ bid, ask }), [bid, ask]);
  const quote = useMarketQuote(feed);
  const lastTradePrice = useMarketPart(feed, selectLastTradePrice);
  return <OrderForms {...props} best={best} lastPrice={quote?.c ?? lastTradePrice} />;
}
