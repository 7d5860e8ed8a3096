/**
 * Quotes/QuotesMarketTable (spec 2): the markets with their live last price, 24 h change and
 * 24 h volume, sortable by each column, with a favourite star on every row. The kit's table
 * keeps its rows on a phone (a market list reads best as rows) and leaves the volume out there.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { MarketSymbol, Quote } from '../../../shared/api/market';
import { intlLocale, type Language } from '../../../shared/languages';
import { symbolRoute } from '../../../shared/symbols';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { PageLink } from '../../ui/PageLink';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { StarIcon } from '../../ui/icons';
import { ChangeBadge, CoinIcon } from '../../ui/MarketBits';
import { compactAmount, type MarketSort } from '../../../shared/market-rules';
import type { Favourites } from './useMarketData';
import styles from './quotes.module.css';

export interface QuotesMarketTableProps {
  rows: readonly MarketSymbol[];
  quoteOf: (id: number) => Quote | undefined;
  sort: MarketSort | null;
  onSort: (key: string) => void;
  favourites: Favourites;
  onStar: (id: number) => void;
  language: Language;
  /** What the table says when no market is left. */
  empty: ReactNode;
}

export function QuotesMarketTable({ rows, quoteOf, sort, onSort, favourites, onStar, language, empty }: QuotesMarketTableProps) {
  const { t } = useLingui();
  const columns: DataColumn<MarketSymbol>[] = [
    {
      key: 'favourite',
      label: t`Favourite`,
      header: <VisuallyHidden>{t`Favourite`}</VisuallyHidden>,
      width: '32px',
      cell: (row) => {
        const starred = favourites.ids?.has(row.id) ?? false;
        return (
          <Button
            variant="icon"
            size="small"
            aria-pressed={starred}
            aria-label={starred ? t`Remove ${row.name} from favourites` : t`Add ${row.name} to favourites`}
            disabled={favourites.pending.has(row.id)}
            data-testid="favourite-star"
            onClick={() => onStar(row.id)}
          >
            <StarIcon filled={starred} className={starred ? styles.starred : styles.unstarred} />
          </Button>
        );
      },
    },
    {
      key: 'name',
      label: t`Market`,
      sortable: true,
      cell: (row) => (
        <PageLink to={symbolRoute(row)} className={styles.pair} data-testid="quotes-link">
          <CoinIcon src={row.svgIcon} />
          <span className={styles.pairName} data-testid="quotes-name">
            {row.baseSymbol}
            <span className={styles.quoteCurrency}>/{row.quoteSymbol}</span>
          </span>
          {row.testOnly ? <Badge tone="danger" className={styles.pairBadge}>{t({ message: 'Test', comment: 'Badge of a market only test accounts see' })}</Badge> : null}
        </PageLink>
      ),
    },
    { key: 'price', label: t`Last price`, sortable: true, align: 'end', cell: (row) => <span data-testid="quotes-price">{quoteOf(row.id)?.c ?? '—'}</span> },
    { key: 'change', label: t`24h change`, sortable: true, align: 'end', cell: (row) => <ChangeBadge changePercent={quoteOf(row.id)?.changePercent} testId="quotes-change" /> },
    {
      key: 'volume',
      label: t`24h volume`,
      sortable: true,
      align: 'end',
      hideOnPhone: true,
      cell: (row) => {
        const quote = quoteOf(row.id);
        return (
          <span data-testid="quotes-volume">
            {quote ? (
              <>
                {compactAmount(quote.turnover, intlLocale(language))} <span className={styles.quoteCurrency}>{row.quoteSymbol}</span>
              </>
            ) : (
              '—'
            )}
          </span>
        );
      },
    },
  ];
  return (
    <DataTable
      testId="quotes-table"
      caption={t`Markets`}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ 'data-testid': 'quotes-row', 'data-symbol': row.symbol, 'data-id': row.id, 'data-test-only': row.testOnly ? 'true' : undefined })}
      sort={sort ? { key: sort.key, direction: sort.direction === 'asc' ? 'ascending' : 'descending' } : null}
      onSort={onSort}
      empty={empty}
      stackOnPhone={false}
    />
  );
}
