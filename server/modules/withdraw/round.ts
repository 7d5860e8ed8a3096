/**
 * The withdrawal round: sends each approved blockchain withdrawal on its chain and completes each
 * broadcast one once its network's confirmations are reached.
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

export class WithdrawalRound {
  private readonly rounds: RepeatingRound<void>;

  constructor(
    private readonly context: AppContext,
    private readonly chain: Chain,
    private readonly publisher: WithdrawEvents,
  ) {
    this.rounds = new RepeatingRound({
      intervalMs: WITHDRAW_ROUND_INTERVAL_MS,
      run: () => this.run(),
      onError: (error) => this.context.log?.error({ err: error }, 'withdrawal round failed'),
    });
  }

  start(): void {
    this.rounds.start();
  }

  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** One round now (or the one in flight). */
  poll(): Promise<void> {
    return this.rounds.runNow();
  }

  private async run(): Promise<void> {
    for (const row of await repo.listForRound(this.context.db, WITHDRAWALS_PER_ROUND_MAX)) {
      if (row.status === 'approved') await this.send(row);
      else await this.completeIfConfirmed(row);
    }
  }

  private async send(row: repo.WithdrawalRow): Promise<void> {
    const { network, address } = row;
    if (network === null || address === null) throw new Error(`blockchain withdrawal ${row.id} has no network or address`);
    await this.context.commits.run(async (trx) => {
      // Sent by another round meanwhile: nothing left to do.
      if ((await repo.findWithdrawal(trx, Number(row.id)))?.status !== 'approved') return;
      const sent = await this.chain.send(trx, { network, toAddress: address, currency: row.currency, amountUnits: row.amount_units, idempotencyKey: `withdrawal:${row.id}` });
      await repo.moveStatus(trx, Number(row.id), ['approved'], 'broadcast', this.context.now(), { txid: sent.txid, outputIndex: sent.outputIndex });
    });
  }

  private async completeIfConfirmed(row: repo.WithdrawalRow): Promise<void> {
    if (row.network === null || row.txid === null) return;
    const confirmations = await this.chain.sentConfirmations(this.context.db, row.network, { txid: row.txid, outputIndex: Number(row.output_index ?? 0n) });
    if (confirmations < Number(row.confirmations_required)) return;
    try {
      await completeBroadcast(this.context, this.publisher, Number(row.id));
    } catch (error) {
      // Completed by another round meanwhile: nothing left to do.
      if (!(error instanceof BusinessError && error.code === 'withdrawalNotPending')) throw error;
    }
  }
}
