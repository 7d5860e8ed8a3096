/** The codes the operator API may refuse with (numbers in src/shared/errcodes.ts, texts in server/i18n). */
import type { OPERATOR_CONFIG_ERRCODES, OPERATOR_ERRCODES } from '../../../src/shared/errcodes';
import { areaRefusals, type AreaRefuse } from '../../core/errors';

export type OperatorRefusal = keyof typeof OPERATOR_ERRCODES | keyof typeof OPERATOR_CONFIG_ERRCODES | 'accountNotFound' | 'symbolNotFound' | 'boptionPeriodNotOffered';

export const refuse: AreaRefuse<OperatorRefusal> = areaRefusals();
