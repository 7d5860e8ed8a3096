/** The codes the chain area may refuse with (numbers in src/shared/errcodes.ts, texts in server/i18n). */
import type { CHAIN_ERRCODES } from '../../../src/shared/errcodes';
import { areaRefusals, type AreaRefuse } from '../../core/errors';

export type ChainRefusal = keyof typeof CHAIN_ERRCODES | 'invalidAmount' | 'accountNotFound';

export const refuse: AreaRefuse<ChainRefusal> = areaRefusals();
