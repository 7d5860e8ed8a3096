/**
 * The dialogs that act on positions (spec 2, Futures CloseOrderModal, CloseAllOrdersModal and
 * UpdateStopPointsModal): close one position at the mark (or cancel it while it waits for its
 * trigger), close every one (a toast counts those the platform could not close now, which stay
 * open), and set or clear a position's take-profit and stop-loss. Each says
 * what will happen before it is confirmed; the outcome comes back as the position's event (the
 * trade popups), and a refusal stays in the dialog (the client toasts it too, spec 8). Closing
 * again what is already closed answers the position as it is, so a retry is safe.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { futuresCloseAllCall, futuresCloseOrderCall, futuresUpdateStopPointsCall, type FuturesPosition } from '../../../shared/api/futures';
import { ApiError } from '../../../shared/client/client';
import { ERROR_TOAST_MS, FUTURES_USDT_BASE } from '../../../shared/constants';
import { positiveUnits, trimZeros, unitsOf } from '../../../shared/decimal';
import { invalidStopPoint, tradeFeeUnits, type FuturesTerms } from '../../../shared/futures-math';
import { formatUnits } from '../../../shared/money';
import { callApi } from '../../api/client';
import { showToast } from '../../state/hub-store';
import { AmountInput } from '../../ui/AmountInput';
import { ConfirmDialog } from '../../ui/Dialog';
import { liveFigures, positionTerms } from './positionMath';
import { Summary, usePositionName } from './Summary';
import styles from './futures.module.css';

/**
 * A dialog's action: busy while its call runs, the refusal's text kept for the dialog, and a throw
 * on any failure so that the dialog stays open for another try.
 */
function useDialogAction() {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = async <T,>(call: () => Promise<T | false>): Promise<T> => {
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await call();
      if (answer === false) throw new Error('refused');
      return answer;
    } catch (error) {
      if (error instanceof ApiError) setRefusal(error.message);
      throw error;
    } finally {
      setBusy(false);
    }
  };
  return { busy, refusal, run, clear: () => setRefusal(null) };
}

function Refusal({ text, testId }: { text: string | null; testId: string }) {
  return text ? (
    <p className={styles.refusal} role="alert" data-testid={testId}>
      {text}
    </p>
  ) : null;
}

export interface CloseOrderDialogProps {
  position: FuturesPosition | null;
  terms: FuturesTerms | undefined;
  mark: string | null | undefined;
  onOpenChange: (open: boolean) => void;
}

/** Closes one position at the mark, or cancels it while pending; the PnL and close fee shown are at the mark now. */
export function CloseOrderDialog({ position, terms, mark, onOpenChange }: CloseOrderDialogProps) {
  const { t } = useLingui();
  const positionName = usePositionName();
  const { busy, refusal, run, clear } = useDialogAction();
  if (!position) return null;
  const pending = position.status === 'pending';
  const figures = terms ? liveFigures(position, terms, mark) : null;
  const held = terms ? positionTerms(position, terms) : null;
  const markTicks = terms && mark ? unitsOf(mark, terms.pricePrecision) : null;
  const closeFee = terms && held && markTicks !== null ? formatUnits(tradeFeeUnits(terms, held.volumeSteps, markTicks, terms.closeFeePpm), terms.marginScale) : null;
  const name = positionName(position);
  const confirm = async () => {
    await run(() => callApi(futuresCloseOrderCall, { query: { id: position.id } }));
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        clear();
        onOpenChange(open);
      }}
      title={pending ? t`Cancel ${name}` : t`Close ${name}`}
      description={pending ? t`The order has not opened yet: its margin and open fee go back to your futures account.` : t`The position closes at the mark price when the server takes it.`}
      confirmLabel={pending ? t`Cancel the order` : t`Close the position`}
      cancelLabel={t`Keep it`}
      confirmVariant="danger"
      onConfirm={confirm}
      busy={busy}
      testId="futures-close"
    >
      {pending ? null : (
        <Summary
          rows={[
            [t`Size`, trimZeros(position.volume)],
            [t`Entry price`, position.entryPrice ?? '—'],
            [t`Mark price`, mark ?? '—', 'futures-close-mark'],
            [t`PnL (estimate)`, figures && terms ? `${trimZeros(formatUnits(figures.pnlUnits, terms.marginScale))} ${FUTURES_USDT_BASE}` : '—', 'futures-close-pnl'],
            [t`Close fee (estimate)`, closeFee ? `${trimZeros(closeFee)} ${FUTURES_USDT_BASE}` : '—'],
          ]}
        />
      )}
      <Refusal text={refusal} testId="futures-close-refusal" />
    </ConfirmDialog>
  );
}

export interface CloseAllDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  openCount: number;
  pendingCount: number;
}

/** Closes every open position at the mark and cancels every pending one. */
export function CloseAllDialog({ open, onOpenChange, openCount, pendingCount }: CloseAllDialogProps) {
  const { t } = useLingui();
  const { busy, refusal, run, clear } = useDialogAction();
  const confirm = async () => {
    const { refused } = await run(() => callApi(futuresCloseAllCall, {}));
    // The others closed; these stay open and can be closed again later.
    if (refused > 0) showToast(t`Positions that could not be closed now: ${refused}. They stay open; try again later.`, ERROR_TOAST_MS);
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        clear();
        onOpenChange(next);
      }}
      title={t`Close all positions`}
      description={t`Open positions to close at the mark price: ${openCount}. Waiting orders to cancel: ${pendingCount}.`}
      confirmLabel={t`Close all`}
      cancelLabel={t`Keep them`}
      confirmVariant="danger"
      onConfirm={confirm}
      busy={busy}
      testId="futures-close-all"
    >
      <Refusal text={refusal} testId="futures-close-all-refusal" />
    </ConfirmDialog>
  );
}

export interface StopPointsDialogProps {
  position: FuturesPosition | null;
  terms: FuturesTerms | undefined;
  onOpenChange: (open: boolean) => void;
}

/** Sets or clears a position's take-profit and stop-loss (an empty field clears it). */
export function StopPointsDialog({ position, terms, onOpenChange }: StopPointsDialogProps) {
  return position && terms ? <StopPointsForm key={position.id} position={position} terms={terms} onOpenChange={onOpenChange} /> : null;
}

function StopPointsForm({ position, terms, onOpenChange }: { position: FuturesPosition; terms: FuturesTerms; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  const positionName = usePositionName();
  const [takeProfit, setTakeProfit] = useState(position.takeProfit ?? '');
  const [stopLoss, setStopLoss] = useState(position.stopLoss ?? '');
  const { busy, refusal, run } = useDialogAction();
  const reference = position.entryPrice ?? position.triggerPrice;
  const referenceTicks = reference ? unitsOf(reference, terms.pricePrecision) : null;
  const liquidation = position.liquidationPrice ? (unitsOf(position.liquidationPrice, terms.pricePrecision) ?? undefined) : undefined;
  const ticks = (text: string) => (text.trim() === '' ? undefined : (positiveUnits(text, terms.pricePrecision) ?? 0n));
  const wrong =
    referenceTicks === null
      ? undefined
      : invalidStopPoint(position.side, referenceTicks, liquidation, {
          takeProfitTicks: ticks(takeProfit),
          stopLossTicks: ticks(stopLoss),
        });
  const long = position.side === 'long';
  const name = positionName(position);
  const confirm = async () => {
    if (wrong) throw new Error(wrong);
    const cleared = (text: string) => (text.trim() === '' ? null : text.trim());
    await run(() => callApi(futuresUpdateStopPointsCall, { body: { id: position.id, takeProfit: cleared(takeProfit), stopLoss: cleared(stopLoss) } }));
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title={t`Take profit and stop loss of ${name}`}
      description={t`The position closes at the mark price when the mark reaches one of them. Leave a field empty to remove it.`}
      confirmLabel={t`Save`}
      onConfirm={confirm}
      busy={busy}
      testId="futures-stops-dialog"
    >
      <div className={styles.stopFields}>
        <AmountInput
          label={t`Take profit`}
          value={takeProfit}
          onValueChange={setTakeProfit}
          scale={terms.pricePrecision}
          unit={FUTURES_USDT_BASE}
          error={wrong === 'takeProfit' ? (long ? t`The take profit must be above ${reference}.` : t`The take profit must be below ${reference}.`) : null}
          partTestIds={{ input: 'futures-stops-take-profit' }}
        />
        <AmountInput
          label={t`Stop loss`}
          value={stopLoss}
          onValueChange={setStopLoss}
          scale={terms.pricePrecision}
          unit={FUTURES_USDT_BASE}
          error={
            wrong === 'stopLoss'
              ? long
                ? t`The stop loss must be below ${reference} and above the liquidation price.`
                : t`The stop loss must be above ${reference} and below the liquidation price.`
              : null
          }
          partTestIds={{ input: 'futures-stops-stop-loss' }}
        />
      </div>
      <Summary
        rows={[
          [position.entryPrice ? t`Entry price` : t`Trigger price`, reference ?? '—'],
          [t`Liquidation price`, position.liquidationPrice ?? '—'],
        ]}
      />
      <Refusal text={refusal} testId="futures-stops-refusal" />
    </ConfirmDialog>
  );
}
