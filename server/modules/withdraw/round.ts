/**
 * The withdrawal round: sends each approved blockchain withdrawal on its chain and completes each
 * broadcast one once its network's confirmations are reached. It runs while the server listens
 * (index.ts); approving a withdrawal runs it at once; tests drive one of their own with the clock.
 *
 * Sending is once per withdrawal whatever happens: the chain's `send` takes the withdrawal's id as
 * its idempotency key, and it runs in the piece of the group commit that moves the withdrawal from
 * approved to broadcast (the simulator writes its transaction in that piece; a node or custody
 * provider answers a repeated key with the first payment). Completing moves broadcast to
 * completed and settles the hold in one piece, so it happens once however many rounds see it.
 */
import type { Chain } from '../../chain/chain';
import type { AppContext } from '../../context';
import { BusinessError } from '../../core/errors';
import { RepeatingRound } from '../../core/rounds';
import * as repo from './repo';
import { completeBroadcast, type WithdrawEvents } from './service';

/** The simulator mints a block a second: a round a second completes a withdrawal within a block of its confirmations. */
export const WITHDRAW_ROUND_INTERVAL_MS = 1_000;
/** Withdrawals acted on per round, so that a long outage catches up in bounded steps. */
const WITHDRAWALS_PER_ROUND_MAX = 200;

async function send(context: AppContext, chain: Chain, row: repo.WithdrawalRow): Promise<void> {
  const { network, address } = row;
  if (network === null || address === null) throw new Error(`blockchain withdrawal ${row.id} has no network or address`);
  await context.commits.run(async (trx) => {
    // Sent by another round meanwhile: nothing left to do.
    if ((await repo.findWithdrawal(trx, Number(row.id)))?.status !== 'approved') return;
    const sent = await chain.send(trx, { network, toAddress: address, currency: row.currency, amountUnits: row.amount_units, idempotencyKey: `withdrawal:${row.id}` });
    await repo.moveStatus(trx, Number(row.id), ['approved'], 'broadcast', context.now(), { txid: sent.txid, outputIndex: sent.outputIndex });
  });
}

async function completeIfConfirmed(context: AppContext, chain: Chain, publisher: WithdrawEvents, row: repo.WithdrawalRow): Promise<void> {
  if (row.network === null || row.txid === null) return;
  const confirmations = await chain.sentConfirmations(context.db, row.network, { txid: row.txid, outputIndex: Number(row.output_index ?? 0n) });
  if (confirmations < Number(row.confirmations_required)) return;
  try {
    await completeBroadcast(context, publisher, Number(row.id));
  } catch (error) {
    // Completed by another round meanwhile: nothing left to do.
    if (!(error instanceof BusinessError && error.code === 'withdrawalNotPending')) throw error;
  }
}

/** The round on its timer (`start`, `stop`), or one round now (`runNow`). */
export function withdrawalRound(context: AppContext, chain: Chain, publisher: WithdrawEvents): RepeatingRound<void> {
  return new RepeatingRound({
    intervalMs: WITHDRAW_ROUND_INTERVAL_MS,
    run: async () => {
      for (const row of await repo.listForRound(context.db, WITHDRAWALS_PER_ROUND_MAX)) {
        if (row.status === 'approved') await send(context, chain, row);
        else await completeIfConfirmed(context, chain, publisher, row);
      }
    },
    onError: (error) => context.log?.error({ err: error }, 'withdrawal round failed'),
  });
}
