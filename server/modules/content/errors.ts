/** The codes the content area may refuse with (numbers in src/shared/errcodes.ts, texts in server/i18n). */
import type { CONTENT_ERRCODES } from '../../../src/shared/errcodes';
import { areaRefusals, type AreaRefuse } from '../../core/errors';

export type ContentRefusal = keyof typeof CONTENT_ERRCODES | 'notFound';

export const refuse: AreaRefuse<ContentRefusal> = areaRefusals();
