/**
 * The futures market list (spec 2, Futures MarketList): every futures symbol the user may see with
 * its mark (the index of its spot market, through the hub's index feed); each row links to its
 * own /futures?id= page, and a click anywhere on the row follows the link.
 */
import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useMemo, type MouseEvent } from 'react';
import type { MarketSymbol } from '../../../shared/api/market';
import { symbolRoute } from '../../../shared/symbols';
import { useLocalize } from '../../i18n/useLanguage';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { useMarks } from './useFutures';
import styles from './futures.module.css';

export function MarketList({ symbols, current }: { symbols: readonly MarketSymbol[]; current: MarketSymbol | null }) {
  const { t } = useLingui();
  const router = useRouter();
  const localize = useLocalize();
  const marks = useMarks(useMemo(() => symbols.map((symbol) => symbol.id), [symbols]));
  const columns: DataColumn<MarketSymbol>[] = [
    {
      key: 'pair',
      label: t`Contract`,
      cell: (symbol) => (
        <PageLink to={symbolRoute(symbol)} className={styles.marketLink} aria-current={symbol.id === current?.id ? 'page' : undefined} data-testid="futures-market-link" data-symbol={symbol.symbol}>
          {symbol.name}
        </PageLink>
      ),
    },
    {
      key: 'mark',
      label: t`Mark price`,
      align: 'end',
      cell: (symbol) => <span data-testid="futures-market-mark">{marks.get(symbol.id) ?? '—'}</span>,
    },
  ];
  // The whole row follows its link; a click on the link itself is the link's own.
  const follow = (event: MouseEvent<HTMLTableRowElement>, symbol: MarketSymbol) => {
    if ((event.target as Element).closest('a')) return;
    void router.navigate({ href: localize(symbolRoute(symbol)) });
  };
  return (
    <Panel title={t`Futures markets`} data-testid="futures-markets">
      <DataTable
        columns={columns}
        rows={symbols}
        rowKey={(symbol) => symbol.id}
        caption={t`Futures markets`}
        density="compact"
        stackOnPhone={false}
        empty={t`No futures markets.`}
        rowProps={(symbol) => ({
          onClick: (event) => follow(event, symbol),
          'data-clickable': true,
        })}
      />
    </Panel>
  );
}
