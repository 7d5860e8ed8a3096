/**
 * What the futures screens show of positions in one form: the figure lists (the estimate under
 * the order panel, the confirmation, the close and stop-point dialogs), a position's name, and the
 * columns the positions table and the history share.
 */
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useCallback, type ReactNode } from 'react';
import type { FuturesPosition } from '../../../shared/api/futures';
import { FUTURES_USDT_BASE } from '../../../shared/constants';
import { trimZeros } from '../../../shared/decimal';
import type { DataColumn } from '../../ui/DataTable';
import { Badge } from '../../ui/Badge';
import { SIDE_LABELS } from './labels';
import styles from './futures.module.css';

/** A row: its label, its value and the test id of the value (none when omitted). */
export type SummaryRow = readonly [label: ReactNode, value: ReactNode, testId?: string];

export function Summary({ rows, testId }: { rows: readonly SummaryRow[]; testId?: string }) {
  return (
    <dl className={styles.summary} data-testid={testId}>
      {rows.map(([label, value, valueTestId], index) => (
        <div key={valueTestId ?? index}>
          <dt>{label}</dt>
          <dd data-testid={valueTestId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "BTC/USDT Long 10x": how a popup, a dialog or a button names a position. */
export function usePositionName(): (position: Pick<FuturesPosition, 'symbol' | 'side' | 'leverage'>) => string {
  const { _ } = useLinguiRuntime();
  return useCallback((position) => `${position.symbol.replace('_', '/')} ${_(SIDE_LABELS[position.side])} ${position.leverage}x`, [_]);
}

/** The contract cell of a positions table: the pair, and the side with the leverage as a badge. */
export function ContractCell({ position, children }: { position: FuturesPosition; children?: ReactNode }) {
  const { _ } = useLinguiRuntime();
  return (
    <span className={styles.contract}>
      <strong>{position.symbol.replace('_', '/')}</strong>
      <Badge tone={position.side === 'long' ? 'buy' : 'sell'}>{`${_(SIDE_LABELS[position.side])} ${position.leverage}x`}</Badge>
      {children}
    </span>
  );
}

/** The size and margin columns of the positions table and the history (their labels given translated). */
export function sizeAndMarginColumns(labels: { size: string; margin: string }): DataColumn<FuturesPosition>[] {
  return [
    { key: 'size', label: labels.size, align: 'end', cell: (position) => trimZeros(position.volume) },
    { key: 'margin', label: labels.margin, align: 'end', hideOnPhone: true, cell: (position) => `${trimZeros(position.margin)} ${FUTURES_USDT_BASE}` },
  ];
}
