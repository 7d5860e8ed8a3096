/** The codes the help desk may refuse with (numbers in src/shared/errcodes.ts, texts in server/i18n). */
import type { HELPDESK_ERRCODES } from '../../../src/shared/errcodes';
import { areaRefusals, type AreaRefuse } from '../../core/errors';

export type HelpdeskRefusal = keyof typeof HELPDESK_ERRCODES | 'notFound' | 'unauthorized';

export const refuse: AreaRefuse<HelpdeskRefusal> = areaRefusals();
