/**
 * The hold orders (spec 2, Futures HoldOrder): the user's open positions and the orders waiting
 * for their trigger, with the PnL, return on margin and margin ratio at the mark now (the index
 * feed moves them every second without a read: positionMath.ts), the liquidation price and the
 * stop points; each row closes (or cancels) its position or edits its stop points, and "Close all"
 * closes every one. The dialogs are PositionDialogs.tsx.
 */
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import type { FuturesPosition } from '../../../shared/api/futures';
import { FUTURES_USDT_BASE } from '../../../shared/constants';
import { trimZeros } from '../../../shared/decimal';
import { marginRatioPpm, type FuturesTerms } from '../../../shared/futures-math';
import { formatUnits } from '../../../shared/money';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { Panel } from '../../ui/Panel';
import { STATUS_LABELS } from './labels';
import { ContractCell, sizeAndMarginColumns } from './Summary';
import { CloseAllDialog, CloseOrderDialog, StopPointsDialog } from './PositionDialogs';
import { liveFigures, ratioPercentText, returnPercentText } from './positionMath';
import styles from './futures.module.css';

export interface HoldOrdersProps {
  /** Null while the hub reads them. */
  positions: readonly FuturesPosition[] | null;
  termsById: ReadonlyMap<number, FuturesTerms>;
  marks: ReadonlyMap<number, string | null>;
  /** What an empty table says (a visitor's sign-in link). */
  empty?: ReactNode;
}

export function HoldOrders({ positions, termsById, marks, empty }: HoldOrdersProps) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const [closing, setClosing] = useState<FuturesPosition | null>(null);
  const [editing, setEditing] = useState<FuturesPosition | null>(null);
  const [closingAll, setClosingAll] = useState(false);
  const rows = positions ?? [];
  const openCount = rows.filter((position) => position.status === 'open').length;

  const figuresOf = (position: FuturesPosition) => {
    const terms = termsById.get(position.symbolId);
    return terms ? liveFigures(position, terms, marks.get(position.symbolId)) : null;
  };
  const columns: DataColumn<FuturesPosition>[] = [
    {
      key: 'contract',
      label: t`Contract`,
      cell: (position) => <ContractCell position={position}>{position.status === 'pending' ? <Badge tone="warning">{_(STATUS_LABELS.pending)}</Badge> : null}</ContractCell>,
    },
    {
      key: 'entry',
      label: t`Entry / trigger`,
      align: 'end',
      cell: (position) => position.entryPrice ?? position.triggerPrice ?? '—',
    },
    {
      key: 'mark',
      label: t`Mark price`,
      align: 'end',
      cell: (position) => marks.get(position.symbolId) ?? '—',
    },
    {
      key: 'liquidation',
      label: t`Liquidation price`,
      align: 'end',
      cell: (position) => position.liquidationPrice ?? '—',
    },
    ...sizeAndMarginColumns({ size: t`Size`, margin: t`Margin` }),
    {
      key: 'pnl',
      label: t`PnL (return)`,
      align: 'end',
      cell: (position) => {
        const figures = figuresOf(position);
        const scale = termsById.get(position.symbolId)?.marginScale ?? 0;
        if (!figures) return <span data-testid="futures-position-pnl">—</span>;
        const pnl = trimZeros(formatUnits(figures.pnlUnits, scale));
        return (
          <span className={styles.pnl} data-direction={figures.pnlUnits < 0n ? 'down' : 'up'} data-testid="futures-position-pnl">
            {`${pnl} ${FUTURES_USDT_BASE} (${returnPercentText(figures)}%)`}
          </span>
        );
      },
    },
    {
      key: 'ratio',
      label: t`Margin ratio`,
      align: 'end',
      cell: (position) => {
        const figures = figuresOf(position);
        return <span data-testid="futures-position-ratio">{figures ? `${ratioPercentText(marginRatioPpm(figures.maintenanceUnits, figures.marginUnits + figures.pnlUnits))}%` : '—'}</span>;
      },
    },
    {
      key: 'stops',
      label: t`TP / SL`,
      align: 'end',
      cell: (position) => `${position.takeProfit ?? '—'} / ${position.stopLoss ?? '—'}`,
    },
    {
      key: 'actions',
      label: t`Actions`,
      align: 'end',
      cell: (position) => (
        <span className={styles.rowActions}>
          <Button size="small" variant="secondary" data-testid="futures-position-stops" onClick={() => setEditing(position)}>
            {t`TP / SL`}
          </Button>
          <Button size="small" variant="secondary" data-testid="futures-position-close" onClick={() => setClosing(position)}>
            {position.status === 'pending' ? t`Cancel` : t`Close`}
          </Button>
        </span>
      ),
    },
  ];

  const closingTerms = closing ? termsById.get(closing.symbolId) : undefined;
  return (
    <Panel
      title={t`Positions`}
      flush
      data-testid="futures-positions"
      actions={
        rows.length > 0 ? (
          <Button size="small" variant="secondary" data-testid="futures-close-all-open" onClick={() => setClosingAll(true)}>
            {t`Close all`}
          </Button>
        ) : null
      }
    >
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(position) => position.id}
        caption={t`Positions`}
        state={positions === null && empty === undefined ? 'loading' : 'ready'}
        empty={empty ?? t`No open positions.`}
        rowProps={(position) => ({
          'data-testid': 'futures-position',
          'data-id': position.id,
          'data-status': position.status,
        })}
      />
      <CloseOrderDialog position={closing} terms={closingTerms} mark={closing ? marks.get(closing.symbolId) : undefined} onOpenChange={(open) => !open && setClosing(null)} />
      <StopPointsDialog position={editing} terms={editing ? termsById.get(editing.symbolId) : undefined} onOpenChange={(open) => !open && setEditing(null)} />
      <CloseAllDialog open={closingAll} onOpenChange={setClosingAll} openCount={openCount} pendingCount={rows.length - openCount} />
    </Panel>
  );
}
