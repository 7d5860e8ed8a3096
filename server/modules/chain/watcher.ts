/**
 * The deposit watcher: reads every network of the chain (server/chain) block by block from its
 * cursor to the tip, records each transfer to a user's deposit address as a deposit, and credits
 * the deposits whose network's confirmations are reached.
 *
 * Exactly once, whatever happens: a deposit is one row per (network, txid, output index), a unique
 * key of the database, so a transfer read twice (two rounds, two watchers, the same blocks read
 * again after a restart before the cursor moved) is recorded once. Crediting is one piece of the
 * group commit that moves the row from confirming to credited (only a confirming row moves), posts
 * the ledger transaction and writes notification 128; the ledger transaction also carries the
 * deposit's key as its idempotency key, a second lock on the same door. A deposit below the coin's
 * minimum is recorded as below_minimum and never credited (the history says so).
 *
 * The money comes from the ledger's genesis account, the other side of money entering the
 * platform. The user's private channel hears a balance event when a deposit is first seen, when a
 * new block adds to its confirmations (its pending part changed) and when it is credited, so that
 * every tab reads its balances and the deposit pages their history again: screens never poll.
 */
import type { AppContext } from '../../context';
import type { Chain, ChainTransfer } from '../../chain/chain';
import type { Executor } from '../../core/executor';
import { RepeatingRound } from '../../core/rounds';
import type { TypedEvents } from '../../engine/events';
import type { EngineEvents } from '../../engine/types';
import { postTransaction, systemOwner, userOwner } from '../../ledger/ledger';
import { NOTIFICATION_TYPE } from '../../../src/shared/constants';
import { trimZeros } from '../../../src/shared/decimal';
import { formatUnits } from '../../../src/shared/money';
import { createNotifications } from '../notification/service';
import * as repo from './repo';

/** How often the watcher reads the chain: the simulator mints a block a second. */
export const WATCH_INTERVAL_MS = 1_000;
/** Blocks read per network per round, so that a long outage catches up in bounded steps. */
const BLOCKS_PER_ROUND_MAX = 1_000;

/** Where a deposit is announced after its commit: the user's private channel. */
export interface ChainEvents {
  readonly events: Pick<TypedEvents<EngineEvents>, 'emit'>;
}

export class DepositWatcher {
  private readonly rounds: RepeatingRound<void>;
  /** The tip of each network whose confirmations were last announced. */
  private readonly announcedTips = new Map<string, number>();

  constructor(
    private readonly context: AppContext,
    private readonly chain: Chain,
    private readonly publisher: ChainEvents,
  ) {
    this.rounds = new RepeatingRound({
      intervalMs: WATCH_INTERVAL_MS,
      run: () => this.pollNetworks(),
      onError: (error) => this.context.log?.error({ err: error }, 'deposit watcher round failed'),
    });
  }

  start(): void {
    this.rounds.start();
  }

  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** One round over every network with a coin: record what is new, credit what is confirmed. One round at a time. */
  poll(): Promise<void> {
    return this.rounds.runNow();
  }

  private async pollNetworks(): Promise<void> {
    const coins = await repo.listChainCoins(this.context.db);
    for (const network of new Set(coins.map((coin) => coin.network))) {
      await this.pollNetwork(network, coins.filter((coin) => coin.network === network));
    }
  }

  private async pollNetwork(network: string, coins: repo.ChainCoinRow[]): Promise<void> {
    const tip = await this.chain.tipHeight(this.context.db, network);
    const from = await repo.readCursor(this.context.db, network);
    if (from <= tip) {
      const to = Math.min(tip, from + BLOCKS_PER_ROUND_MAX - 1);
      const transfers = await this.chain.transfersInBlocks(this.context.db, network, from, to);
      const seen = await this.context.db.transaction().execute(async (trx) => {
        const recorded: repo.AddressOwner[] = [];
        for (const transfer of transfers) {
          const owner = await this.record(trx, transfer, coins);
          if (owner) recorded.push(owner);
        }
        await repo.writeCursor(trx, network, to + 1);
        return recorded;
      });
      for (const owner of seen) this.publisher.events.emit('balance', { userId: owner.userId, currencies: [owner.currency] });
    }
    for (const deposit of await repo.listConfirmedWaiting(this.context.db, network, tip)) {
      const coin = coins.find((candidate) => candidate.currency === deposit.currency);
      if (coin) await this.credit(deposit, coin.scale);
    }
    await this.announceConfirmations(network, tip);
  }

  /** A new block is one more confirmation of every deposit still waiting in a block: their owners hear of it. */
  private async announceConfirmations(network: string, tip: number): Promise<void> {
    if (this.announcedTips.get(network) === tip) return;
    this.announcedTips.set(network, tip);
    for (const owner of await repo.listConfirmingOwners(this.context.db, network, tip)) {
      this.publisher.events.emit('balance', { userId: owner.userId, currencies: [owner.currency] });
    }
  }

  /** Records a transfer to a user's address (the owner when it is new), or nothing for anyone else's. */
  private async record(executor: Executor, transfer: ChainTransfer, coins: repo.ChainCoinRow[]): Promise<repo.AddressOwner | undefined> {
    const [owner] = await repo.findAddressOwners(executor, transfer.toAddress, transfer.network);
    // A coin the platform does not take on this network (a token sent to the wrong address) waits for an operator.
    const coin = coins.find((candidate) => candidate.currency === transfer.currency);
    if (!owner || !coin) return undefined;
    const inserted = await repo.insertDeposit(executor, {
      userId: owner.userId,
      currency: transfer.currency,
      network: transfer.network,
      txid: transfer.txid,
      outputIndex: transfer.outputIndex,
      address: transfer.toAddress,
      amountUnits: transfer.amountUnits,
      blockHeight: transfer.blockHeight,
      confirmationsRequired: coin.confirmations,
      status: transfer.amountUnits < coin.depositMinUnits ? 'below_minimum' : 'confirming',
      seenAt: this.context.now(),
    });
    return inserted ? { ...owner, currency: transfer.currency } : undefined;
  }

  private async credit(deposit: repo.DepositRow, scale: number): Promise<void> {
    const credited = await this.context.commits.run(async (trx) => {
      const now = this.context.now();
      if (!(await repo.markCredited(trx, deposit.id, now))) return false;
      const user = userOwner(deposit.userId);
      await postTransaction(trx, {
        kind: 'deposit',
        owner: user,
        idempotencyKey: `deposit:${deposit.network}:${deposit.txid}:${deposit.outputIndex}`,
        memo: `${deposit.network}:${deposit.txid}:${deposit.outputIndex}`,
        now,
        postings: [
          { account: { owner: systemOwner('genesis'), wallet: 'system', currency: deposit.currency }, amountUnits: -deposit.amountUnits },
          { account: { owner: user, wallet: 'spot', currency: deposit.currency }, amountUnits: deposit.amountUnits },
        ],
      });
      const params = { amount: trimZeros(formatUnits(deposit.amountUnits, scale)), currency: deposit.currency, network: deposit.network };
      await createNotifications(trx, [{ userId: deposit.userId, type: NOTIFICATION_TYPE.deposit, params }], now);
      return true;
    });
    if (credited) this.publisher.events.emit('balance', { userId: deposit.userId, currencies: [deposit.currency] });
  }
}
