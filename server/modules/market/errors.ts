/** The codes market data may refuse with (numbers in src/shared/errcodes.ts, texts in server/i18n). */
import type { MARKET_ERRCODES } from '../../../src/shared/errcodes';
import { areaRefusals, type AreaRefuse } from '../../core/errors';

export type MarketRefusal = keyof typeof MARKET_ERRCODES;

export const refuse: AreaRefuse<MarketRefusal> = areaRefusals();
