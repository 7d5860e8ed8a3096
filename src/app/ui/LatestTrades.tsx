/**
 * A market's latest trades (spec 2: Exchange LatestTrade, and the Boption page's latest trades of
 * the pair its index comes from): price coloured by the taker's side, amount, time.
 */
import { useLingui } from '@lingui/react/macro';
import type { MarketSymbol, Trade } from '../../shared/api/market';
import { DataTable, type DataColumn } from './DataTable';
import { Panel } from './Panel';
import styles from './LatestTrades.module.css';

function clock(time: number): string {
  const date = new Date(time);
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
}

export function LatestTrades({ symbol, trades, rows, title, testId }: { symbol: MarketSymbol; trades: readonly Trade[]; rows: number; title?: string; testId?: string }) {
  const { t } = useLingui();
  const heading = title ?? t`Latest trades`;
  const columns: DataColumn<Trade>[] = [
    {
      key: 'price',
      label: t`Price (${symbol.quoteSymbol})`,
      cell: (trade) => (
        <span className={styles.sidePrice} data-side={trade.takerSide}>
          {trade.price}
        </span>
      ),
    },
    { key: 'amount', label: t`Amount (${symbol.baseSymbol})`, align: 'end', cell: (trade) => trade.quantity },
    { key: 'time', label: t`Time`, align: 'end', cell: (trade) => clock(trade.time) },
  ];
  return (
    <Panel title={heading} aria-label={heading} data-testid={testId}>
      <DataTable
        columns={columns}
        rows={trades.slice(0, rows)}
        rowKey={(trade) => trade.id}
        caption={heading}
        empty={t`No trades yet.`}
        rowProps={(trade) => ({ 'data-testid': 'trade-row', 'data-side': trade.takerSide, 'data-trade-id': trade.id })}
        density="compact"
        stackOnPhone={false}
      />
    </Panel>
  );
}
