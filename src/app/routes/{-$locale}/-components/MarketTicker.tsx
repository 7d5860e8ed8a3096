/**
 * A live ticker of a few exchange markets (price and 24 h change), fed by the hub: it paints the
 * saved prices at once and then follows the socket (or the polling fallback) without asking the
 * network itself.
 */
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { SYMBOL_TYPE } from '../../../../shared/constants';
import { useHubStatus, useQuotes, useSymbols } from '../../../state/hub';
import { ChangeBadge } from '../../../ui/MarketBits';
import styles from './Hub.module.css';
import { HOME_STRINGS } from './strings';

/** The markets the status page follows. */
export const TICKER_SYMBOLS = ['BTC_USDT', 'ETH_USDT', 'SOL_USDT'] as const;

export function MarketTicker() {
  const { _ } = useLingui();
  const symbols = useSymbols();
  const status = useHubStatus();
  const markets = useMemo(
    () =>
      TICKER_SYMBOLS.flatMap((name) => symbols.find((symbol) => symbol.type === SYMBOL_TYPE.exchange && symbol.symbol === name) ?? []),
    [symbols],
  );
  const quotes = useQuotes(useMemo(() => markets.map((market) => market.id), [markets]));
  const feed = status?.quoteFeed ?? 'idle';
  const showingSaved = [...quotes.values()].some((entry) => entry.source === 'cache');

  return (
    <section className={`${styles.card} ${styles.markets}`} aria-labelledby="markets-heading">
      <div className={styles.cardHeader}>
        <h2 id="markets-heading" className={styles.cardTitle}>
          {_(HOME_STRINGS.marketsTitle)}
        </h2>
        <span className={styles.feed} data-feed={feed} data-testid="quote-feed">
          <span className={styles.feedDot} aria-hidden="true" />
          {showingSaved ? _(HOME_STRINGS.savedPrices) : _(HOME_STRINGS.feed[feed])}
        </span>
      </div>
      <table className={styles.ticker} data-testid="ticker">
        <thead>
          <tr>
            <th scope="col">{_(HOME_STRINGS.marketColumn)}</th>
            <th scope="col" className={styles.numeric}>
              {_(HOME_STRINGS.priceColumn)}
            </th>
            <th scope="col" className={styles.numeric}>
              {_(HOME_STRINGS.changeColumn)}
            </th>
          </tr>
        </thead>
        <tbody>
          {markets.map((market) => {
            const entry = quotes.get(market.id);
            return (
              <tr
                key={market.id}
                data-testid="ticker-row"
                data-symbol={market.symbol}
                data-source={entry?.source ?? 'none'}
                data-updates={entry?.updates ?? 0}
              >
                <th scope="row">
                  <span className={styles.marketName}>
                    <img src={market.svgIcon} alt="" width={24} height={24} className={styles.coin} />
                    {market.name}
                  </span>
                </th>
                <td className={styles.numeric} data-testid="ticker-price">
                  {entry?.quote.c ?? '—'}
                </td>
                <td className={styles.numeric}>
                  <ChangeBadge changePercent={entry?.quote.changePercent} testId="ticker-change" />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {markets.length === 0 || quotes.size === 0 ? <p className={styles.muted}>{_(HOME_STRINGS.quotesWaiting)}</p> : null}
    </section>
  );
}
