/** The codes the binary-options area may refuse with (numbers in src/shared/errcodes.ts, texts in server/i18n). */
import type { BOPTION_ERRCODES } from '../../../src/shared/errcodes';
import { areaRefusals, type AreaRefuse } from '../../core/errors';

export type BoptionRefusal = keyof typeof BOPTION_ERRCODES | 'symbolNotFound' | 'indexUnavailable' | 'platformLimitReached' | 'idempotencyConflict';

export const refuse: AreaRefuse<BoptionRefusal> = areaRefusals();
