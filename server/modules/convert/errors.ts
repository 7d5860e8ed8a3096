/** The codes the convert area may refuse with (numbers in src/shared/errcodes.ts, texts in server/i18n). */
import type { CONVERT_ERRCODES } from '../../../src/shared/errcodes';
import { areaRefusals, type AreaRefuse } from '../../core/errors';

export type ConvertRefusal = keyof typeof CONVERT_ERRCODES | 'unknownCurrency' | 'invalidAmount' | 'amountTooLarge' | 'platformLimitReached' | 'insufficientBalance';

export const refuse: AreaRefuse<ConvertRefusal> = areaRefusals();
