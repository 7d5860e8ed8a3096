/**
 * The order confirmation modal (spec 2, Futures OrderConfirmModal): what the order will be before
 * it is sent (issue 17: the cost and the liquidation price before confirming): the contract, side,
 * leverage, size, entry estimate, margin, open fee, cost and liquidation price, and the stop
 * points. The figures are the panel's estimate (orderQuote.ts); the server opens at the mark of
 * the moment it takes the order.
 */
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import type { MarketSymbol } from '../../../shared/api/market';
import { trimZeros } from '../../../shared/decimal';
import { ConfirmDialog } from '../../ui/Dialog';
import { SIDE_LABELS } from './labels';
import type { FuturesOrderForm, OrderEstimate } from './orderQuote';
import { Summary, type SummaryRow } from './Summary';

export interface OrderConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  symbol: MarketSymbol;
  form: FuturesOrderForm;
  estimate: OrderEstimate;
  currency: string;
  onConfirm: () => Promise<void>;
  busy: boolean;
}

export function OrderConfirmDialog({ open, onOpenChange, symbol, form, estimate, currency, onConfirm, busy }: OrderConfirmDialogProps) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const side = _(SIDE_LABELS[form.side]);
  const { triggerPrice } = form;
  const rows: SummaryRow[] = [
    [t`Contract`, symbol.name, 'futures-confirm-contract'],
    [t`Side`, `${side} ${form.leverage}x`, 'futures-confirm-side'],
    [t`Order type`, form.type === 'limit' ? t`Limit at ${triggerPrice}` : t({ message: 'Market', context: 'order type' }), 'futures-confirm-type'],
    [t`Size`, `${estimate.volume} ${symbol.baseSymbol}`, 'futures-confirm-size'],
    [t`Entry price (estimate)`, estimate.entryPrice, 'futures-confirm-entry'],
    [t`Margin`, `${trimZeros(estimate.margin)} ${currency}`, 'futures-confirm-margin'],
    [t`Open fee`, `${trimZeros(estimate.openFee)} ${currency}`, 'futures-confirm-fee'],
    [t`Cost`, `${trimZeros(estimate.cost)} ${currency}`, 'futures-confirm-cost'],
    [t`Liquidation price`, estimate.liquidationPrice ?? t`None`, 'futures-confirm-liquidation'],
    [t`Take profit`, form.takeProfit.trim() || t`None`, 'futures-confirm-take-profit'],
    [t`Stop loss`, form.stopLoss.trim() || t`None`, 'futures-confirm-stop-loss'],
  ];
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={form.side === 'long' ? t`Open a long position` : t`Open a short position`}
      description={t`The position opens at the mark price when the server takes the order; the figures are an estimate.`}
      confirmLabel={form.side === 'long' ? t`Open long` : t`Open short`}
      confirmVariant={form.side === 'long' ? 'buy' : 'sell'}
      onConfirm={onConfirm}
      busy={busy}
      testId="futures-confirm"
    >
      <Summary rows={rows} />
    </ConfirmDialog>
  );
}
