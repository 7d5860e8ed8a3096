/** The latest trades (spec 2, Exchange LatestTrade): price coloured by the taker's side, amount, time. */
import { useLingui } from '@lingui/react/macro';
import type { MarketSymbol, Trade } from '../../../shared/api/market';
import styles from './exchange.module.css';

function clock(time: number): string {
  const date = new Date(time);
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
}

export function LatestTrades({ symbol, trades, rows }: { symbol: MarketSymbol; trades: readonly Trade[]; rows: number }) {
  const { t } = useLingui();
  return (
    <section className={styles.panel} aria-label={t`Latest trades`} data-testid="exchange-trades">
      <div className={styles.panelHead}>
        <h2 className={styles.panelTitle}>{t`Latest trades`}</h2>
      </div>
      <div className={styles.bookHeader} aria-hidden="true">
        <span>{t`Price (${symbol.quoteSymbol})`}</span>
        <span>{t`Amount (${symbol.baseSymbol})`}</span>
        <span>{t`Time`}</span>
      </div>
      {trades.length === 0 ? <p className={styles.muted}>{t`No trades yet.`}</p> : null}
      <ol className={styles.bookSide}>
        {trades.slice(0, rows).map((trade) => (
          <li key={trade.id} className={styles.tradeRow} data-side={trade.takerSide} data-testid="trade-row" data-trade-id={trade.id}>
            <span className={styles.bookPrice}>{trade.price}</span>
            <span>{trade.quantity}</span>
            <span>{clock(trade.time)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
