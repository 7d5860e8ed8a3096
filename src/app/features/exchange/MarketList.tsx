/**
 * The market list (spec 2, Exchange MarketList and RelatedMarkets): the exchange symbols the
 * user may see, by quote currency, with a search, the last price and the day's change; each
 * links to its own /exchange?id= page (R-ROUTE-09), and a click anywhere on its row follows the
 * link. Related markets trade the current market's base currency, as their base or their quote
 * (ETH/BTC is related to BTC/USDT).
 */
import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useMemo, useState, type MouseEvent } from 'react';
import type { MarketSymbol } from '../../../shared/api/market';
import { useLocalize } from '../../i18n/useLanguage';
import { useQuotes } from '../../state/hub';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { inputClassName } from '../../ui/FormField';
import { ChangeBadge } from '../../ui/MarketBits';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { TabPanel, Tabs } from '../../ui/Tabs';
import styles from './exchange.module.css';

export function exchangeHref(symbol: Pick<MarketSymbol, 'symbol'>): string {
  return `/exchange?id=${symbol.symbol.toLowerCase()}`;
}

/** The other markets that trade `current`'s base currency, as their base or their quote. */
export function relatedMarkets(symbols: readonly MarketSymbol[], current: MarketSymbol): MarketSymbol[] {
  return symbols.filter((symbol) => symbol.id !== current.id && (symbol.baseSymbol === current.baseSymbol || symbol.quoteSymbol === current.baseSymbol));
}

export function MarketList({ symbols, current, onNavigate }: { symbols: readonly MarketSymbol[]; current: MarketSymbol; onNavigate?: () => void }) {
  const { t } = useLingui();
  const router = useRouter();
  const localize = useLocalize();
  const quoteCurrencies = useMemo(() => [...new Set(symbols.map((symbol) => symbol.quoteSymbol))], [symbols]);
  const [quoteCurrency, setQuoteCurrency] = useState(current.quoteSymbol);
  const [filter, setFilter] = useState('');
  const wanted = filter.trim().toUpperCase();
  const shown = symbols.filter((symbol) => (wanted ? symbol.name.toUpperCase().includes(wanted) : symbol.quoteSymbol === quoteCurrency));
  const related = relatedMarkets(symbols, current);
  const quotes = useQuotes(useMemo(() => [...shown, ...related].map((symbol) => symbol.id), [shown, related]));

  const columns: DataColumn<MarketSymbol>[] = [
    {
      key: 'pair',
      label: t`Pair`,
      cell: (symbol) => (
        <PageLink
          to={exchangeHref(symbol)}
          className={styles.marketLink}
          aria-current={symbol.id === current.id ? 'page' : undefined}
          data-testid="market-link"
          data-symbol={symbol.symbol}
          onClick={onNavigate}
        >
          {symbol.name}
        </PageLink>
      ),
    },
    { key: 'price', label: t`Price`, align: 'end', cell: (symbol) => quotes.get(symbol.id)?.quote?.c ?? '—' },
    {
      key: 'change',
      label: t`24h change`,
      align: 'end',
      cell: (symbol) => {
        const quote = quotes.get(symbol.id)?.quote;
        return quote ? <ChangeBadge changePercent={quote.changePercent} /> : null;
      },
    },
  ];
  // The whole row follows its link; a click on the link itself is the link's own.
  const openRow = (symbol: MarketSymbol) => (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as Element).closest('a')) return;
    onNavigate?.();
    void router.navigate({ href: localize(exchangeHref(symbol)) });
  };
  const table = (rows: readonly MarketSymbol[], caption: string, testId?: string) => (
    <div className={styles.marketScroll}>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(symbol) => symbol.id}
        caption={caption}
        empty={t`No markets match.`}
        rowProps={(symbol) => ({ onClick: openRow(symbol), 'data-clickable': true })}
        density="compact"
        stackOnPhone={false}
        testId={testId}
      />
    </div>
  );

  return (
    <Panel title={t`Markets`} aria-label={t`Markets`} data-testid="exchange-markets">
      <input className={inputClassName} type="search" value={filter} placeholder={t`Search`} aria-label={t`Search markets`} onChange={(event) => setFilter(event.target.value)} />
      {wanted ? (
        table(shown, t`Markets`)
      ) : (
        <Tabs
          items={quoteCurrencies.map((currency) => ({ value: currency, label: currency }))}
          value={quoteCurrency}
          onValueChange={setQuoteCurrency}
          label={t`Quote currency`}
          variant="pills"
        >
          <TabPanel value={quoteCurrency} className={styles.marketTabPanel}>
            {table(shown, t`Markets`)}
          </TabPanel>
        </Tabs>
      )}
      {related.length > 0 ? (
        <div>
          <h3 className={styles.subTitle}>{t`Related markets`}</h3>
          {table(related, t`Related markets`, 'related-markets')}
        </div>
      ) : null}
    </Panel>
  );
}
