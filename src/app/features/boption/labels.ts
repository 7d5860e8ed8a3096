/**
 * The words the Boption screens use for an option's direction and status, as message
 * descriptors: a table, a filter, the confirmation and the result translate the same ones.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { BoptionDirection, BoptionStatus } from '../../../shared/api/boption';
import type { BadgeTone } from '../../ui/Badge';

export const DIRECTION_LABELS: Record<BoptionDirection, MessageDescriptor> = {
  up: msg({ message: 'Up', comment: 'Binary option direction: the price ends above the open price' }),
  down: msg({ message: 'Down', comment: 'Binary option direction: the price ends below the open price' }),
};

export const DIRECTION_TONES: Record<BoptionDirection, BadgeTone> = { up: 'buy', down: 'sell' };

export const STATUS_LABELS: Record<BoptionStatus, MessageDescriptor> = {
  open: msg({ message: 'Running', comment: 'Binary option status: not expired yet' }),
  won: msg({ message: 'Won', comment: 'Binary option status' }),
  lost: msg({ message: 'Lost', comment: 'Binary option status' }),
  tie: msg({ message: 'Tie', comment: 'Binary option status: the price ended at the open price, the stake is refunded' }),
};

export const STATUS_TONES: Record<BoptionStatus, BadgeTone> = { open: 'info', won: 'success', lost: 'danger', tie: 'neutral' };
