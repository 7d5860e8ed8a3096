/**
 * The engine's public face: what modules (exchange calls, market data, sockets, robots,
 * convert) may call and the events it publishes after each commit. Amounts cross this boundary
 * as decimal strings; inside the engine they are ticks, lots and units.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Side } from './book/types';
import type { BookLevelChange, BookSnapshot, RealtimeTrade } from '../../src/shared/realtime';

export type { Side };
export type OrderType = 'limit' | 'market';
export type OrderStatus = 'open' | 'filled' | 'cancelled';

export interface MarketSymbol {
  id: number;
  type: number;
  symbol: string;
  baseSymbol: string;
  quoteSymbol: string;
  pricePrecision: number;
  volumePrecision: number;
  baseScale: number;
  quoteScale: number;
  testOnly: boolean;
}

export interface PlaceOrderInput {
  userId: number;
  symbolId: number;
  side: Side;
  type: OrderType;
  /** Limit price, a decimal string with at most pricePrecision decimals. */
  price?: string;
  /** Base quantity, at most volumePrecision decimals; required except for a market buy by amount. */
  quantity?: string;
  /** Market buys may instead spend a quote amount (at most the quote currency's scale). */
  quoteAmount?: string;
  clientOrderId?: string;
}

export interface OrderView {
  id: number;
  userId: number;
  symbolId: number;
  symbol: string;
  side: Side;
  type: OrderType;
  price: string | null;
  quantity: string | null;
  quoteAmount: string | null;
  filledQuantity: string;
  /** Quote paid (buy) or received before fees (sell). */
  filledQuote: string;
  averagePrice: string | null;
  fee: string;
  feeCurrency: string;
  status: OrderStatus;
  cancelReason: string | null;
  clientOrderId: string | null;
  createdAt: number;
  updatedAt: number;
}

/**
 * What the engine publishes is what the sockets carry: the wire shapes live in the shared
 * contract (src/shared/realtime.ts) and the engine uses them as they are.
 */
export type TradeView = RealtimeTrade;
export type LevelChange = BookLevelChange;
export type DepthSnapshot = BookSnapshot;

/** Published only after the command's transaction committed, in commit order. */
export interface EngineEvents {
  /** Book deltas of one command; sequence numbers per symbol increase by exactly one. */
  book: { symbolId: number; sequence: number; changes: LevelChange[] };
  trades: { symbolId: number; trades: TradeView[] };
  order: { userId: number; order: OrderView };
  balance: { userId: number; currencies: string[] };
}

/**
 * The calls that go to the instance holding a market's book (server/cluster forwards them there):
 * what each sends and what it answers.
 */
export interface RoutedCalls {
  place: { request: { symbolId: number; input: PlaceOrderInput }; answer: OrderView };
  cancel: { request: { symbolId: number; userId: number; orderId: number }; answer: OrderView };
  cancelAll: { request: { symbolId: number; userId: number }; answer: number };
  /** A delisting's cancel of every open order of the market. */
  cancelMarket: { request: { symbolId: number }; answer: number };
  depth: { request: { symbolId: number; levels: number }; answer: DepthSnapshot };
}

/** How the engine reaches the holder of a market's book when several instances share the database (server/cluster). */
export interface MarketRouting {
  /** Runs `here` when this instance holds the market's book, else sends the call to the holder and answers what it answered. */
  route<K extends keyof RoutedCalls>(kind: K, request: RoutedCalls[K]['request'], here: () => Promise<RoutedCalls[K]['answer']>): Promise<RoutedCalls[K]['answer']>;
  /** True while this instance holds the market's book. */
  holds(symbolId: number): boolean;
  /** The first statement of every command piece: refuses unless this instance still holds the market (the epoch fence). */
  fence(trx: Transaction<Database>, symbolId: number): Promise<void>;
}

/** Runs inside a command's transaction after its trades are written (candles, say). */
export type TradesHook = (trx: Transaction<Database>, symbol: MarketSymbol, trades: TradeView[], tradeTicks: { priceTicks: bigint; quantityLots: bigint; time: number }[]) => Promise<void>;
