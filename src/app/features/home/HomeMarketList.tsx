/**
 * Home/HomeMarketList (spec 2): the highlighted markets of every type with their last price and
 * 24 h change, live from the hub (the home config's quote paints first), each a link to its
 * trading page (R-ROUTE-09).
 */
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { HomeSymbol, Quote } from '../../../shared/api/market';
import { SYMBOL_TYPE } from '../../../shared/constants';
import { symbolRoute } from '../../../shared/symbols';
import { useQuotes, useSymbols } from '../../state/hub';
import { Badge } from '../../ui/Badge';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { ChangeBadge, CoinIcon } from '../../ui/MarketBits';
import { quoteIdOf } from '../../../shared/market-rules';
import { useTypeNames } from '../../i18n/typeNames';
import styles from './home.module.css';

interface MarketRow {
  symbol: HomeSymbol;
  quote: Quote | undefined;
  updates: number;
}

export function HomeMarketList({ symbols }: { symbols: readonly HomeSymbol[] }) {
  const { t } = useLingui();
  const typeNames = useTypeNames();
  const known = useSymbols();
  const quoteIds = useMemo(() => symbols.map((symbol) => quoteIdOf(symbol, known, SYMBOL_TYPE.exchange)), [symbols, known]);
  const quotes = useQuotes(quoteIds);
  const rows: MarketRow[] = symbols.map((symbol, index) => {
    const live = quotes.get(quoteIds[index] ?? symbol.id);
    return { symbol, quote: live?.quote ?? symbol.quote ?? undefined, updates: live?.updates ?? 0 };
  });
  const columns: DataColumn<MarketRow>[] = [
    {
      key: 'market',
      label: t`Market`,
      cell: ({ symbol }) => (
        <PageLink to={symbolRoute(symbol)} className={styles.pair} data-testid="market-link">
          <CoinIcon src={symbol.svgIcon} />
          <span className={styles.pairName}>
            {symbol.baseSymbol}
            <span className={styles.quoteCurrency}>/{symbol.quoteSymbol}</span>
          </span>
          {symbol.type === SYMBOL_TYPE.exchange ? null : <Badge className={styles.pairBadge}>{typeNames[symbol.type]}</Badge>}
        </PageLink>
      ),
    },
    { key: 'price', label: t`Last price`, align: 'end', cell: ({ quote }) => <span data-testid="market-price">{quote?.c ?? '—'}</span> },
    { key: 'change', label: t`24h change`, align: 'end', cell: ({ quote }) => <ChangeBadge changePercent={quote?.changePercent} testId="market-change" /> },
  ];
  return (
    <Panel
      className={styles.tablePanel}
      aria-labelledby="home-markets-heading"
      data-testid="home-markets"
      title={<span id="home-markets-heading">{t`Popular markets`}</span>}
      actions={
        <PageLink to="/quotes" className={styles.more}>
          {t`All markets`}
        </PageLink>
      }
    >
      <DataTable
        caption={t`Popular markets`}
        columns={columns}
        rows={rows}
        rowKey={({ symbol }) => symbol.id}
        rowProps={({ symbol, updates }) => ({ 'data-testid': 'market-row', 'data-symbol': symbol.symbol, 'data-type': symbol.type, 'data-updates': updates })}
        empty={t`No markets to show yet.`}
        stackOnPhone={false}
      />
    </Panel>
  );
}
