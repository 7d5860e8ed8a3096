/** The names of the symbol types (spec 3) in the page's language. */
import { useLingui } from '@lingui/react/macro';
import { SYMBOL_TYPE, type SymbolType } from '../../shared/constants';

/** The quotes page's type tabs, in their order: spot first. */
export const TYPE_ORDER: readonly SymbolType[] = [SYMBOL_TYPE.exchange, SYMBOL_TYPE.futures, SYMBOL_TYPE.boption];

export function useTypeNames(): Record<SymbolType, string> {
  const { t } = useLingui();
  return {
    [SYMBOL_TYPE.exchange]: t({ message: 'Spot', comment: 'Symbol type: spot exchange' }),
    [SYMBOL_TYPE.futures]: t({ message: 'Futures', comment: 'Symbol type' }),
    [SYMBOL_TYPE.boption]: t({ message: 'Binary options', comment: 'Symbol type' }),
  };
}
