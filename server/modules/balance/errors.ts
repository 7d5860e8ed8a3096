/** The codes balances and transfers may refuse with (numbers in src/shared/errcodes.ts, texts in server/i18n). */
import { areaRefusals, type AreaRefuse } from '../../core/errors';

export type BalanceRefusal = 'idempotencyKeyRequired' | 'sameWallet' | 'unknownCurrency' | 'walletNotAllowed' | 'invalidAmount' | 'amountTooLarge' | 'insufficientBalance';

export const refuse: AreaRefuse<BalanceRefusal> = areaRefusals();
