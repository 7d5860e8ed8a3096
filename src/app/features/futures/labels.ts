/**
 * The words the futures screens use for a position's side, status and close reason, as message
 * descriptors: a table, a filter and a popup translate the same ones.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FuturesCloseReason, FuturesSide, FuturesStatus } from '../../../shared/api/futures';

export const SIDE_LABELS: Record<FuturesSide, MessageDescriptor> = {
  long: msg`Long`,
  short: msg`Short`,
};

export const STATUS_LABELS: Record<FuturesStatus, MessageDescriptor> = {
  pending: msg`Waiting for trigger`,
  open: msg`Open`,
  closed: msg`Closed`,
  cancelled: msg`Cancelled`,
};

export const CLOSE_REASON_LABELS: Record<FuturesCloseReason, MessageDescriptor> = {
  user: msg`Closed by you`,
  takeProfit: msg`Take profit`,
  stopLoss: msg`Stop loss`,
  liquidation: msg`Liquidation`,
};
