/** The codes the spot exchange calls (the engine refuses orders itself) may refuse with (numbers in src/shared/errcodes.ts, texts in server/i18n). */
import { areaRefusals, type AreaRefuse } from '../../core/errors';

export type ExchangeRefusal = 'symbolNotFound';

export const refuse: AreaRefuse<ExchangeRefusal> = areaRefusals();
