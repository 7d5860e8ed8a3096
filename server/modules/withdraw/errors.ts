/** The codes the withdraw area may refuse with (numbers in src/shared/errcodes.ts, texts in server/i18n). */
import type { WITHDRAW_ERRCODES } from '../../../src/shared/errcodes';
import { areaRefusals, type AreaRefuse } from '../../core/errors';

export type WithdrawRefusal = keyof typeof WITHDRAW_ERRCODES | 'secondFactorRequired' | 'invalidAmount' | 'idempotencyConflict';

export const refuse: AreaRefuse<WithdrawRefusal> = areaRefusals();
