/**
 * The withdrawal screens' reads and sends (src/shared/api/withdraw.ts): the fees, limits and
 * address formats (GET /finance/withdrawconfig), the security settings a withdrawal needs (GET
 * /account/security: the withdrawal password, GA, the cool-off), today's quota of a currency
 * (POST /finance/blockChainWithdrawQuota, /finance/fiatWithdrawQuota), the user's bank accounts
 * (GET /bankaccount/list), a page of the user's withdrawals (POST /finance/withdraw_history) and
 * the sends. The quota and the history are read again on every balance push: a withdrawal held,
 * sent on its chain, completed or released moves the balance.
 */
import type { CallData } from '../../../shared/api/call';
import { bankAccountListCall, type PaymentAccount } from '../../../shared/api/identity';
import { securityStatusCall } from '../../../shared/api/security';
import {
  blockchainWithdrawCall,
  blockchainWithdrawQuotaCall,
  fiatWithdrawCall,
  fiatWithdrawQuotaCall,
  withdrawCancelCall,
  withdrawConfigCall,
  withdrawHistoryCall,
  type BlockchainWithdrawInput,
  type FiatWithdrawInput,
  type Withdrawal,
  type WithdrawConfig,
  type WithdrawQuota,
  type WithdrawType,
} from '../../../shared/api/withdraw';
import { ApiError, isNetworkFailure } from '../../../shared/client/client';
import { callApi } from '../../api/client';
import { read, useLoaded, useReloadOnBalancePush, type Loaded } from '../../api/reads';
import { loadBalances, markAssetsChanged } from '../../state/session';

export type SecurityStatus = CallData<typeof securityStatusCall>;

export function useWithdrawConfig(): { view: Loaded<WithdrawConfig>; retry: () => void } {
  return useLoaded(() => read(withdrawConfigCall, {}), []);
}

export function useSecurityStatus(): { view: Loaded<SecurityStatus>; retry: () => void; reload: () => void } {
  return useLoaded(() => read(securityStatusCall, {}), []);
}

/** Today's quota of one currency for one kind of withdrawal, with the available balance. */
export function useWithdrawQuota(type: WithdrawType, currency: string): { view: Loaded<WithdrawQuota>; reload: () => void } {
  const { view, reload } = useLoaded(() => (type === 'blockchain' ? read(blockchainWithdrawQuotaCall, { query: { currency }, body: {} }) : read(fiatWithdrawQuotaCall, { body: { currency } })), [type, currency]);
  useReloadOnBalancePush(reload);
  return { view, reload };
}

export function useBankAccounts(): { view: Loaded<PaymentAccount[]>; retry: () => void } {
  return useLoaded(() => read(bankAccountListCall, { query: { id: 'bank' } }), []);
}

export interface WithdrawalPage {
  total: number;
  list: Withdrawal[];
}

/** A page of the user's withdrawals, newest first, read again on every balance push and after a cancel. */
export function useWithdrawals(page: { offset: number; limit: number }): { view: Loaded<WithdrawalPage>; retry: () => void; reload: () => void } {
  const { offset, limit } = page;
  const loaded = useLoaded(() => read(withdrawHistoryCall, { body: { offset, limit } }), [offset, limit]);
  useReloadOnBalancePush(loaded.reload);
  return loaded;
}

/** What the user proves a withdrawal with: the withdrawal password, and the GA code while GA is bound. */
export interface WithdrawProof {
  withdrawPassword: string;
  gaCode?: string;
}

export type WithdrawRequest = { type: 'blockchain'; input: Omit<BlockchainWithdrawInput, keyof WithdrawProof> } | { type: 'fiat'; input: Omit<FiatWithdrawInput, keyof WithdrawProof> };

/** A send's outcome: the withdrawal, a refusal (its errcode, message and field messages), or no answer at all. */
export type WithdrawOutcome = { ok: true; withdrawal: Withdrawal } | { ok: false; refusal: { code: number; message: string; fields: Record<string, string> } } | { ok: false; unreachable: true };

/**
 * Sends a withdrawal with its idempotency key: a press whose answer was lost is sent again with
 * the same key and is one withdrawal. Nothing is toasted: the form shows every refusal where it
 * belongs (withdrawRefusal.ts). A success has every tab read its balances (the amount and fee are held).
 */
export async function sendWithdrawal(request: WithdrawRequest, proof: WithdrawProof, idempotencyKey: string): Promise<WithdrawOutcome> {
  try {
    const answer =
      request.type === 'blockchain'
        ? await callApi(blockchainWithdrawCall, { body: { ...request.input, ...proof } }, { idempotencyKey, silentAll: true })
        : await callApi(fiatWithdrawCall, { body: { ...request.input, ...proof } }, { idempotencyKey, silentAll: true });
    if (answer === false) return { ok: false, unreachable: true };
    markAssetsChanged();
    void loadBalances(true);
    return { ok: true, withdrawal: answer };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, refusal: { code: error.code, message: error.message, fields: error.fields ?? {} } };
    if (isNetworkFailure(error)) return { ok: false, unreachable: true };
    throw error;
  }
}

/** Cancels one of the user's withdrawals no operator has approved yet; a refusal is toasted by the client. True when cancelled. */
export async function cancelWithdrawal(id: number): Promise<boolean> {
  try {
    const answer = await callApi(withdrawCancelCall, { query: { id }, body: {} });
    if (answer === false) return false;
    markAssetsChanged();
    void loadBalances(true);
    return true;
  } catch (error) {
    console.warn('The withdrawal could not be cancelled', error);
    return false;
  }
}
