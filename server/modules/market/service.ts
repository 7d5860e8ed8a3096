/**
 * Market rules: which symbols a viewer sees. Test-only symbols are for accounts with
 * testEnabled (spec 6); base and quote are derived from the symbol (spec 3), never trusted from
 * a second stored copy.
 */
import type { MarketSymbol } from '../../../src/shared/api/market';
import { isSymbolType, splitSymbol } from '../../../src/shared/symbols';
import type { SessionUser } from '../../http/types';
import type { Executor } from '../../ledger/ledger';
import { listSymbols } from './repo';

export async function symbolsForViewer(executor: Executor, viewer: SessionUser | null): Promise<MarketSymbol[]> {
  const testEnabled = viewer?.testEnabled === true;
  const rows = await listSymbols(executor, { includeTestOnly: testEnabled });
  const symbols: MarketSymbol[] = [];
  for (const row of rows) {
    // A row of a type the product does not know is an operator's mistake: it stays off the list.
    if (!isSymbolType(row.type)) continue;
    symbols.push({ ...row, type: row.type, testEnabled, ...splitSymbol(row.symbol) });
  }
  return symbols;
}
