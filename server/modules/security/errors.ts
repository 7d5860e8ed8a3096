/** The codes the security area may refuse with (numbers in src/shared/errcodes.ts, texts in server/i18n). */
import type { SECURITY_ERRCODES } from '../../../src/shared/errcodes';
import { areaRefusals, type AreaRefuse } from '../../core/errors';

export type SecurityRefusal =
  | keyof typeof SECURITY_ERRCODES
  | 'wrongCredentials'
  | 'weakPassword'
  | 'invalidPhone'
  | 'invalidEmail'
  | 'verificationCodeWrong'
  | 'verificationCodeExpired';

export const refuse: AreaRefuse<SecurityRefusal> = areaRefusals();
