/**
 * A live ticker of a few exchange markets (price and 24 h change), fed by the hub: it paints the
 * saved prices at once and then follows the socket (or the polling fallback) without asking the
 * network itself.
 */
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { SYMBOL_TYPE } from '../../../../shared/constants';
import type { MarketSymbol } from '../../../../shared/api/market';
import { useHubStatus, useQuotes, useSymbols } from '../../../state/hub';
import type { QuoteEntry } from '../../../state/hub-store';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { ChangeBadge, CoinIcon } from '../../../ui/MarketBits';
import { Panel } from '../../../ui/Panel';
import styles from './Hub.module.css';
import { HOME_STRINGS } from './strings';

/** The markets the status page follows. */
export const TICKER_SYMBOLS = ['BTC_USDT', 'ETH_USDT', 'SOL_USDT'] as const;

interface TickerRow {
  market: MarketSymbol;
  entry: QuoteEntry | undefined;
}

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
  const rows: TickerRow[] = quotes.size === 0 ? [] : markets.map((market) => ({ market, entry: quotes.get(market.id) }));
  const columns: DataColumn<TickerRow>[] = [
    {
      key: 'market',
      label: _(HOME_STRINGS.marketColumn),
      cell: ({ market }) => (
        <span className={styles.marketName}>
          <span className={styles.coin}>
            <CoinIcon src={market.svgIcon} />
          </span>
          {market.name}
        </span>
      ),
    },
    { key: 'price', label: _(HOME_STRINGS.priceColumn), align: 'end', cell: ({ entry }) => <span data-testid="ticker-price">{entry?.quote.c ?? '—'}</span> },
    { key: 'change', label: _(HOME_STRINGS.changeColumn), align: 'end', cell: ({ entry }) => <ChangeBadge changePercent={entry?.quote.changePercent} testId="ticker-change" /> },
  ];

  return (
    <Panel
      aria-labelledby="markets-heading"
      title={<span id="markets-heading">{_(HOME_STRINGS.marketsTitle)}</span>}
      actions={
        <span className={styles.feed} data-feed={feed} data-testid="quote-feed">
          <span className={styles.feedDot} aria-hidden="true" />
          {showingSaved ? _(HOME_STRINGS.savedPrices) : _(HOME_STRINGS.feed[feed])}
        </span>
      }
    >
      <DataTable
        caption={_(HOME_STRINGS.marketsTitle)}
        columns={columns}
        rows={rows}
        rowKey={({ market }) => market.id}
        rowProps={({ market, entry }) => ({ 'data-testid': 'ticker-row', 'data-symbol': market.symbol, 'data-source': entry?.source ?? 'none', 'data-updates': entry?.updates ?? 0 })}
        empty={_(HOME_STRINGS.quotesWaiting)}
        density="compact"
        stackOnPhone={false}
        testId="ticker"
      />
    </Panel>
  );
}
