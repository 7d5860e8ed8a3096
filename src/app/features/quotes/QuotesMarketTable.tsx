/**
 * Quotes/QuotesMarketTable (spec 2): the markets with their live last price, 24 h change and
 * 24 h volume, sortable by each column, with a favourite star on every row.
 */
import { useLingui } from '@lingui/react/macro';
import type { MarketSymbol, Quote } from '../../../shared/api/market';
import { intlLocale, type Language } from '../../../shared/languages';
import { symbolRoute } from '../../../shared/symbols';
import { PageLink } from '../../ui/PageLink';
import { StarIcon } from '../../ui/icons';
import { ChangeBadge, CoinIcon } from '../../ui/MarketBits';
import styles from '../../ui/market.module.css';
import { compactAmount, type MarketSort, type SortKey } from '../../../shared/market-rules';
import type { Favourites } from './useMarketData';

export interface QuotesMarketTableProps {
  rows: readonly MarketSymbol[];
  quoteOf: (id: number) => Quote | undefined;
  sort: MarketSort | null;
  onSort: (key: SortKey) => void;
  favourites: Favourites;
  onStar: (id: number) => void;
  language: Language;
}

export function QuotesMarketTable({ rows, quoteOf, sort, onSort, favourites, onStar, language }: QuotesMarketTableProps) {
  const { t } = useLingui();
  const columns: { key: SortKey; label: string; numeric: boolean; narrow: boolean }[] = [
    { key: 'name', label: t`Market`, numeric: false, narrow: true },
    { key: 'price', label: t`Last price`, numeric: true, narrow: true },
    { key: 'change', label: t`24h change`, numeric: true, narrow: true },
    { key: 'volume', label: t`24h volume`, numeric: true, narrow: false },
  ];
  return (
    <table className={styles.table} data-testid="quotes-table">
      <thead>
        <tr>
          <th scope="col" className={styles.starColumn}>
            <span className={styles.visuallyHidden}>{t`Favourite`}</span>
          </th>
          {columns.map((column) => {
            const active = sort?.key === column.key;
            return (
              <th
                key={column.key}
                scope="col"
                className={`${column.numeric ? styles.numeric : ''} ${column.narrow ? '' : styles.hideNarrow}`}
                aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
              >
                <button type="button" className={styles.sortButton} data-active={active} data-testid={`sort-${column.key}`} onClick={() => onSort(column.key)}>
                  {column.label}
                  <SortArrow direction={active ? sort.direction : null} />
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const quote = quoteOf(row.id);
          const starred = favourites.ids?.has(row.id) ?? false;
          return (
            <tr key={row.id} data-testid="quotes-row" data-symbol={row.symbol} data-id={row.id} data-test-only={row.testOnly ? 'true' : undefined}>
              <td className={styles.starColumn}>
                <button
                  type="button"
                  className={styles.star}
                  aria-pressed={starred}
                  aria-label={starred ? t`Remove ${row.name} from favourites` : t`Add ${row.name} to favourites`}
                  disabled={favourites.pending.has(row.id)}
                  data-testid="favourite-star"
                  onClick={() => onStar(row.id)}
                >
                  <StarIcon filled={starred} />
                </button>
              </td>
              <th scope="row">
                <PageLink to={symbolRoute(row)} className={styles.pair} data-testid="quotes-link">
                  <CoinIcon src={row.svgIcon} />
                  <span className={styles.pairName} data-testid="quotes-name">
                    {row.baseSymbol}
                    <span className={styles.quoteCurrency}>/{row.quoteSymbol}</span>
                  </span>
                  {row.testOnly ? <span className={styles.testBadge}>{t({ message: 'Test', comment: 'Badge of a market only test accounts see' })}</span> : null}
                </PageLink>
              </th>
              <td className={styles.numeric} data-testid="quotes-price">
                {quote?.c ?? '—'}
              </td>
              <td className={styles.numeric}>
                <ChangeBadge changePercent={quote?.changePercent} testId="quotes-change" />
              </td>
              <td className={`${styles.numeric} ${styles.hideNarrow}`} data-testid="quotes-volume">
                {quote ? (
                  <>
                    {compactAmount(quote.turnover, intlLocale(language))} <span className={styles.quoteCurrency}>{row.quoteSymbol}</span>
                  </>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function SortArrow({ direction }: { direction: 'asc' | 'desc' | null }) {
  return (
    <svg viewBox="0 0 10 14" width="8" height="12" aria-hidden="true" focusable="false">
      <path d="M5 1L9 6H1z" fill="currentColor" opacity={direction === 'asc' ? 1 : 0.35} />
      <path d="M5 13L1 8h8z" fill="currentColor" opacity={direction === 'desc' ? 1 : 0.35} />
    </svg>
  );
}
