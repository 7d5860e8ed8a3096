/** The codes the identity area may refuse with (numbers in src/shared/errcodes.ts, texts in server/i18n). */
import type { IDENTITY_ERRCODES } from '../../../src/shared/errcodes';
import { areaRefusals, type AreaRefuse } from '../../core/errors';

export type IdentityRefusal = keyof typeof IDENTITY_ERRCODES | 'notFound' | 'invalidImage';

export const refuse: AreaRefuse<IdentityRefusal> = areaRefusals();
