/** The latest trades (spec 2, Exchange LatestTrade): price coloured by the taker's side, amount, time. */
import { useLingui } from '@lingui/react/macro';
import type { MarketSymbol, Trade } from '../../../shared/api/market';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { Panel } from '../../ui/Panel';
import styles from './exchange.module.css';

function clock(time: number): string {
  const date = new Date(time);
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
}

export function LatestTrades({ symbol, trades, rows }: { symbol: MarketSymbol; trades: readonly Trade[]; rows: number }) {
  const { t } = useLingui();
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
    <Panel title={t`Latest trades`} aria-label={t`Latest trades`} data-testid="exchange-trades">
      <DataTable
        columns={columns}
        rows={trades.slice(0, rows)}
        rowKey={(trade) => trade.id}
        caption={t`Latest trades`}
        empty={t`No trades yet.`}
        rowProps={(trade) => ({ 'data-testid': 'trade-row', 'data-side': trade.takerSide, 'data-trade-id': trade.id })}
        density="compact"
        stackOnPhone={false}
      />
    </Panel>
  );
}
