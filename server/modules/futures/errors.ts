/** The codes the futures area may refuse with (numbers in src/shared/errcodes.ts, texts in server/i18n). */
import type { FUTURES_ERRCODES } from '../../../src/shared/errcodes';
import { areaRefusals, type AreaRefuse } from '../../core/errors';

export type FuturesRefusal =
  | keyof typeof FUTURES_ERRCODES
  | 'symbolNotFound'
  | 'indexUnavailable'
  | 'invalidAmount'
  | 'idempotencyConflict'
  | 'platformLimitReached';

export const refuse: AreaRefuse<FuturesRefusal> = areaRefusals();
