/** SQL of the market module: symbols and currencies as stored by the seed and the operator API. */
import type { Executor } from '../../ledger/ledger';

export interface SymbolRow {
  id: number;
  type: number;
  symbol: string;
  name: string;
  testOnly: boolean;
  prompted: boolean;
  pricePrecision: number;
  volumePrecision: number;
  svgIcon: string;
}

/** Every symbol, by type and then by its sort order; test-only ones only when asked for. */
export async function listSymbols(executor: Executor, options: { includeTestOnly: boolean }): Promise<SymbolRow[]> {
  let query = executor
    .selectFrom('symbols')
    .select(['id', 'type', 'symbol', 'name', 'test_only', 'prompted', 'price_precision', 'volume_precision', 'svg_icon'])
    .orderBy('type')
    .orderBy('sort_order')
    .orderBy('id');
  if (!options.includeTestOnly) query = query.where('test_only', '=', 0n);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: Number(row.id),
    type: Number(row.type),
    symbol: row.symbol,
    name: row.name,
    testOnly: row.test_only === 1n,
    prompted: row.prompted === 1n,
    pricePrecision: Number(row.price_precision),
    volumePrecision: Number(row.volume_precision),
    svgIcon: row.svg_icon,
  }));
}
