/** The codes the account area may refuse with (numbers in src/shared/errcodes.ts, texts in server/i18n). */
import type { ACCOUNT_ERRCODES } from '../../../src/shared/errcodes';
import { areaRefusals, type AreaRefuse } from '../../core/errors';

export type AccountRefusal = keyof typeof ACCOUNT_ERRCODES | 'captchaRequired' | 'csrfInvalid';

export const refuse: AreaRefuse<AccountRefusal> = areaRefusals();
