/** Calls of the withdraw area (HTTP only; the rules are in service.ts). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER } from '../../../src/shared/api/balance';
import {
  blockchainWithdrawCall,
  blockchainWithdrawQuotaCall,
  custodyWithdrawCall,
  fiatWithdrawCall,
  fiatWithdrawQuotaCall,
  operatorWithdrawApproveCall,
  operatorWithdrawListCall,
  operatorWithdrawPaidCall,
  operatorWithdrawRejectCall,
  withdrawCancelCall,
  withdrawConfigCall,
  withdrawHistoryCall,
  type BlockchainWithdrawInput,
  type WithdrawVia,
} from '../../../src/shared/api/withdraw';
import { registerCall, signedInUser } from '../../http/route';
import * as service from './service';

/** Per client and minute: a person makes a few withdrawals, not dozens; cancelling is as rare. */
const WITHDRAW_PER_MINUTE = 20;

function operatorIdOf(request: FastifyRequest): number | null {
  return request.isAdminToken ? null : (request.user?.id ?? null);
}

function chainTarget(body: BlockchainWithdrawInput, via: WithdrawVia): service.SubmitInput {
  return { ...body, target: { kind: 'chain', network: body.network, address: body.address, via } };
}

export function withdrawRoutes(app: FastifyInstance, deps: service.OperatorDeps): void {
  const { context, publisher, chain } = deps;
  const submit = (request: FastifyRequest, input: service.SubmitInput) =>
    service.submitWithdrawal(context, publisher, chain, signedInUser(request).id, input, request.headers[IDEMPOTENCY_KEY_HEADER]);

  registerCall(app, withdrawConfigCall, async () => service.withdrawConfig(context));
  registerCall(app, blockchainWithdrawQuotaCall, async (request) => service.blockchainQuota(context, signedInUser(request).id, request.query.currency));
  registerCall(app, fiatWithdrawQuotaCall, async (request) => service.fiatQuota(context, signedInUser(request).id, request.body.currency));
  registerCall(app, blockchainWithdrawCall, async (request) => submit(request, chainTarget(request.body, 'direct')), { perMinute: WITHDRAW_PER_MINUTE });
  registerCall(app, custodyWithdrawCall, async (request) => submit(request, chainTarget(request.body, 'custody')), { perMinute: WITHDRAW_PER_MINUTE });
  registerCall(
    app,
    fiatWithdrawCall,
    async (request) => submit(request, { ...request.body, target: { kind: 'bank', bankAccountId: request.body.bankAccountId } }),
    { perMinute: WITHDRAW_PER_MINUTE },
  );
  registerCall(app, withdrawHistoryCall, async (request) => service.withdrawHistory(context, chain, signedInUser(request).id, request.body));
  registerCall(app, withdrawCancelCall, async (request) => service.cancelWithdrawal(context, publisher, chain, signedInUser(request).id, request.query.id), {
    perMinute: WITHDRAW_PER_MINUTE,
  });

  registerCall(app, operatorWithdrawListCall, async (request) => service.listForOperator(context, chain, request.query));
  registerCall(app, operatorWithdrawApproveCall, async (request) => service.approveWithdrawal(deps, operatorIdOf(request), request.query.id));
  registerCall(app, operatorWithdrawRejectCall, async (request) => service.rejectWithdrawal(deps, operatorIdOf(request), request.query.id, request.body.reason));
  registerCall(app, operatorWithdrawPaidCall, async (request) => service.markFiatPaid(deps, operatorIdOf(request), request.query.id));
}
