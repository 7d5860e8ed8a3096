/**
 * The table of convert pairs (spec 2 ConvertTable): each pair the server converts directly with
 * its indicative prices, spread included: what one base currency costs when bought and brings
 * when sold ("–" while that side of the book is empty). Choosing a pair fills the form to buy
 * its base currency with its quote currency.
 */
import { useLingui } from '@lingui/react/macro';
import type { ConvertPair } from '../../../shared/api/convert';
import { Button } from '../../ui/Button';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { Panel } from '../../ui/Panel';
import { pairLabel } from './convertRules';

export function PairsTable({ pairs, onChoose }: { pairs: readonly ConvertPair[]; onChoose: (pair: ConvertPair) => void }) {
  const { t } = useLingui();
  const columns: DataColumn<ConvertPair>[] = [
    { key: 'pair', label: t`Pair`, cell: (pair) => <strong>{pairLabel(pair)}</strong> },
    { key: 'buy', label: t`Buy price`, align: 'end', cell: (pair) => pair.buyPrice ?? '–' },
    { key: 'sell', label: t`Sell price`, align: 'end', cell: (pair) => pair.sellPrice ?? '–' },
    {
      key: 'action',
      label: t`Action`,
      header: <span className="visually-hidden">{t`Action`}</span>,
      align: 'end',
      width: '1%',
      cell: (pair) => (
        <Button variant="ghost" size="small" data-testid="convert-pair-choose" onClick={() => onChoose(pair)}>
          {t`Convert`}
          <span className="visually-hidden"> {pairLabel(pair)}</span>
        </Button>
      ),
    },
  ];
  return (
    <Panel flush title={<span id="convert-pairs-title">{t`Convertible pairs`}</span>} aria-labelledby="convert-pairs-title">
      <DataTable
        columns={columns}
        rows={pairs}
        rowKey={(pair) => pair.symbol}
        caption={t`Convertible pairs`}
        rowProps={(pair) => ({ 'data-testid': 'convert-pair', 'data-symbol': pair.symbol })}
        testId="convert-pairs"
      />
    </Panel>
  );
}
