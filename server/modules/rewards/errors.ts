/** The codes the rewards area may refuse with (numbers in src/shared/errcodes.ts, texts in server/i18n). */
import type { REWARDS_ERRCODES } from '../../../src/shared/errcodes';
import { areaRefusals, type AreaRefuse } from '../../core/errors';

export type RewardsRefusal = keyof typeof REWARDS_ERRCODES | 'platformLimitReached';

export const refuse: AreaRefuse<RewardsRefusal> = areaRefusals();
