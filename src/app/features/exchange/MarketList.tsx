/**
 * The market list (spec 2, Exchange MarketList and RelatedMarkets): the exchange symbols the
 * user may see, by quote currency, with a search, the last price and the day's change; each
 * links to its own /exchange?id= page (R-ROUTE-09). Related markets share the base currency.
 */
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { MarketSymbol } from '../../../shared/api/market';
import { PageLink } from '../../ui/PageLink';
import { useQuotes } from '../../state/hub';
import styles from './exchange.module.css';

export function exchangeHref(symbol: Pick<MarketSymbol, 'symbol'>): string {
  return `/exchange?id=${symbol.symbol.toLowerCase()}`;
}

export function MarketList({ symbols, current, onNavigate }: { symbols: readonly MarketSymbol[]; current: MarketSymbol; onNavigate?: () => void }) {
  const { t } = useLingui();
  const quoteCurrencies = useMemo(() => [...new Set(symbols.map((symbol) => symbol.quoteSymbol))], [symbols]);
  const [quoteCurrency, setQuoteCurrency] = useState(current.quoteSymbol);
  const [filter, setFilter] = useState('');
  const wanted = filter.trim().toUpperCase();
  const shown = symbols.filter((symbol) => (wanted ? symbol.name.toUpperCase().includes(wanted) : symbol.quoteSymbol === quoteCurrency));
  const related = symbols.filter((symbol) => symbol.baseSymbol === current.baseSymbol && symbol.id !== current.id);
  const quotes = useQuotes(useMemo(() => [...shown, ...related].map((symbol) => symbol.id), [shown, related]));

  const row = (symbol: MarketSymbol) => {
    const quote = quotes.get(symbol.id)?.quote;
    const change = quote ? Number(quote.changePercent) : 0;
    return (
      <li key={symbol.id}>
        <PageLink
          to={exchangeHref(symbol)}
          className={styles.marketRow}
          aria-current={symbol.id === current.id ? 'page' : undefined}
          data-testid="market-link"
          data-symbol={symbol.symbol}
          onClick={onNavigate}
        >
          <span className={styles.marketName}>{symbol.name}</span>
          <span className={styles.bookPrice}>{quote?.c ?? '—'}</span>
          <span className={styles.change} data-direction={change >= 0 ? 'up' : 'down'}>
            {quote ? `${change > 0 ? '+' : ''}${quote.changePercent}%` : ''}
          </span>
        </PageLink>
      </li>
    );
  };

  return (
    <section className={styles.panel} aria-label={t`Markets`} data-testid="exchange-markets">
      <div className={styles.panelHead}>
        <h2 className={styles.panelTitle}>{t`Markets`}</h2>
      </div>
      <input className={styles.search} type="search" value={filter} placeholder={t`Search`} aria-label={t`Search markets`} onChange={(event) => setFilter(event.target.value)} />
      {wanted ? null : (
        <div className={styles.tabs} role="group" aria-label={t`Quote currency`}>
          {quoteCurrencies.map((currency) => (
            <button key={currency} type="button" className={styles.tab} aria-pressed={currency === quoteCurrency} onClick={() => setQuoteCurrency(currency)}>
              {currency}
            </button>
          ))}
        </div>
      )}
      <ul className={styles.marketList}>{shown.map(row)}</ul>
      {shown.length === 0 ? <p className={styles.muted}>{t`No markets match.`}</p> : null}
      {related.length > 0 ? (
        <>
          <h3 className={styles.subTitle}>{t`Related markets`}</h3>
          <ul className={styles.marketList} data-testid="related-markets">
            {related.map(row)}
          </ul>
        </>
      ) : null}
    </section>
  );
}
