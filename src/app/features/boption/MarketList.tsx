/**
 * The Boption market list (spec 2, Boption market list): the binary-option symbols the user may
 * see, with their index (through the hub's index feed: what options open and settle at) and the
 * day's change of the spot market of the same pair; each row links to its own /boption?id= page
 * (R-ROUTE-09), and a click anywhere on the row follows the link.
 */
import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useMemo, type MouseEvent } from 'react';
import type { MarketSymbol } from '../../../shared/api/market';
import { SYMBOL_TYPE } from '../../../shared/constants';
import { symbolRoute } from '../../../shared/symbols';
import { useLocalize } from '../../i18n/useLanguage';
import { useIndexPrices, useQuotes, useSymbols } from '../../state/hub';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { ChangeBadge } from '../../ui/MarketBits';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import styles from './boption.module.css';

export function MarketList({ symbols, current }: { symbols: readonly MarketSymbol[]; current: MarketSymbol | null }) {
  const { t } = useLingui();
  const router = useRouter();
  const localize = useLocalize();
  const all = useSymbols();
  const prices = useIndexPrices(useMemo(() => symbols.map((symbol) => symbol.id), [symbols]));
  // The spot market of each pair: its day's change is what moved the index.
  const spotOf = useMemo(() => {
    const spot = new Map(all.filter((symbol) => symbol.type === SYMBOL_TYPE.exchange).map((symbol) => [symbol.symbol, symbol.id]));
    return new Map(symbols.flatMap((symbol) => (spot.has(symbol.symbol) ? [[symbol.id, spot.get(symbol.symbol)!] as const] : [])));
  }, [all, symbols]);
  const quotes = useQuotes(useMemo(() => [...spotOf.values()], [spotOf]));
  const columns: DataColumn<MarketSymbol>[] = [
    {
      key: 'pair',
      label: t`Pair`,
      cell: (symbol) => (
        <PageLink to={symbolRoute(symbol)} className={styles.marketLink} aria-current={symbol.id === current?.id ? 'page' : undefined} data-testid="boption-market-link" data-symbol={symbol.symbol}>
          {symbol.name}
        </PageLink>
      ),
    },
    { key: 'index', label: t`Index`, align: 'end', cell: (symbol) => <span data-testid="boption-market-index">{prices.get(symbol.id)?.price ?? '—'}</span> },
    {
      key: 'change',
      label: t`24h change`,
      align: 'end',
      cell: (symbol) => {
        const spot = spotOf.get(symbol.id);
        const quote = spot === undefined ? undefined : quotes.get(spot)?.quote;
        return quote ? <ChangeBadge changePercent={quote.changePercent} /> : null;
      },
    },
  ];
  // The whole row follows its link; a click on the link itself is the link's own.
  const follow = (event: MouseEvent<HTMLTableRowElement>, symbol: MarketSymbol) => {
    if ((event.target as Element).closest('a')) return;
    void router.navigate({ href: localize(symbolRoute(symbol)) });
  };
  return (
    <Panel title={t`Binary options markets`} data-testid="boption-markets">
      <DataTable
        columns={columns}
        rows={symbols}
        rowKey={(symbol) => symbol.id}
        caption={t`Binary options markets`}
        density="compact"
        stackOnPhone={false}
        empty={t`No binary options markets.`}
        rowProps={(symbol) => ({ onClick: (event) => follow(event, symbol), 'data-clickable': true })}
      />
    </Panel>
  );
}
