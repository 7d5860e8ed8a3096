/**
 * The local chain simulator: the Chain (chain.ts) this platform runs on while it has no node or
 * custody provider. Every network mints one block per BLOCK_INTERVAL_MS of the context's clock
 * from its genesis (stored on first use), so heights survive restarts and a test moves them by
 * moving the clock. A transfer (an operator's simulated deposit, or a payment by `send`) is stored
 * in chain_sim_transactions and lands in the block after the tip of the moment it was made.
 *
 * Addresses have their network's format (prefix, alphabet, length: they match the network's
 * address regex) but no valid checksum, so that no one can mistake one for a real address and
 * send real funds to it.
 */
import crypto from 'node:crypto';
import type { Executor } from '../core/executor';
import { confirmationsAt, type Chain, type ChainTransfer, type SentTransfer } from './chain';

/** One simulated block per second on every network: a demo watches a deposit confirm in seconds. */
export const BLOCK_INTERVAL_MS = 1_000;

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const HEX = '0123456789abcdef';

interface AddressShape {
  prefix: string;
  alphabet: string;
  length: number;
}

const ADDRESS_SHAPES: Record<string, AddressShape> = {
  BTC: { prefix: 'bc1q', alphabet: BECH32, length: 38 },
  ERC20: { prefix: '0x', alphabet: HEX, length: 40 },
  BEP20: { prefix: '0x', alphabet: HEX, length: 40 },
  TRC20: { prefix: 'T', alphabet: BASE58, length: 33 },
  SOL: { prefix: '', alphabet: BASE58, length: 44 },
  XRP: { prefix: 'r', alphabet: BASE58, length: 33 },
  DOGE: { prefix: 'D', alphabet: BASE58, length: 33 },
  LTC: { prefix: 'ltc1q', alphabet: BECH32, length: 38 },
};

function randomText(alphabet: string, length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += alphabet[crypto.randomInt(alphabet.length)];
  return text;
}

/** A transaction id in the network's usual spelling: 0x and 64 hex digits on the EVM chains, 64 hex digits elsewhere. */
function txidOf(network: string, seed?: string): string {
  const hex = seed === undefined ? crypto.randomBytes(32).toString('hex') : crypto.createHash('sha256').update(`${network}:${seed}`).digest('hex');
  return network === 'ERC20' || network === 'BEP20' ? `0x${hex}` : hex;
}

export interface SimulatedTransferInput {
  network: string;
  toAddress: string;
  currency: string;
  amountUnits: bigint;
}

export class ChainSimulator implements Chain {
  constructor(private readonly now: () => number) {}

  async newAddress(network: string): Promise<string> {
    const shape = ADDRESS_SHAPES[network];
    if (!shape) throw new Error(`the simulator has no network ${network}`);
    return shape.prefix + randomText(shape.alphabet, shape.length);
  }

  async tipHeight(executor: Executor, network: string): Promise<number> {
    await executor
      .insertInto('chain_sim_networks')
      .values({ network, genesis_at: this.now() })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const row = await executor.selectFrom('chain_sim_networks').select('genesis_at').where('network', '=', network).executeTakeFirstOrThrow();
    return Math.max(0, Math.floor((this.now() - Number(row.genesis_at)) / BLOCK_INTERVAL_MS));
  }

  async transfersInBlocks(executor: Executor, network: string, fromHeight: number, toHeight: number): Promise<ChainTransfer[]> {
    const rows = await executor
      .selectFrom('chain_sim_transactions')
      .select(['txid', 'output_index', 'to_address', 'currency', 'amount_units', 'block_height'])
      .where('network', '=', network)
      .where('block_height', '>=', BigInt(fromHeight))
      .where('block_height', '<=', BigInt(toHeight))
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      network,
      txid: row.txid,
      outputIndex: Number(row.output_index),
      toAddress: row.to_address,
      currency: row.currency,
      amountUnits: row.amount_units,
      blockHeight: Number(row.block_height),
    }));
  }

  async send(
    executor: Executor,
    payment: SimulatedTransferInput & { idempotencyKey: string },
  ): Promise<SentTransfer> {
    return this.transfer(executor, payment, txidOf(payment.network, payment.idempotencyKey));
  }

  async sentConfirmations(executor: Executor, network: string, sent: SentTransfer): Promise<number> {
    const row = await executor
      .selectFrom('chain_sim_transactions')
      .select('block_height')
      .where('network', '=', network)
      .where('txid', '=', sent.txid)
      .where('output_index', '=', BigInt(sent.outputIndex))
      .executeTakeFirst();
    return row ? confirmationsAt(await this.tipHeight(executor, network), Number(row.block_height)) : 0;
  }

  /**
   * Puts a transfer from outside the platform on the simulated chain (an operator's deposit, the
   * demo generator): what a sender's wallet would do on a real network.
   */
  async simulateTransfer(executor: Executor, transfer: SimulatedTransferInput): Promise<SentTransfer & { blockHeight: number }> {
    return this.transfer(executor, transfer, txidOf(transfer.network));
  }

  private async transfer(executor: Executor, transfer: SimulatedTransferInput, txid: string): Promise<SentTransfer & { blockHeight: number }> {
    const blockHeight = (await this.tipHeight(executor, transfer.network)) + 1;
    await executor
      .insertInto('chain_sim_transactions')
      .values({
        network: transfer.network,
        txid,
        output_index: 0,
        to_address: transfer.toAddress,
        currency: transfer.currency,
        amount_units: transfer.amountUnits,
        block_height: blockHeight,
        created_at: this.now(),
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const stored = await executor
      .selectFrom('chain_sim_transactions')
      .select('block_height')
      .where('network', '=', transfer.network)
      .where('txid', '=', txid)
      .where('output_index', '=', 0n)
      .executeTakeFirstOrThrow();
    return { txid, outputIndex: 0, blockHeight: Number(stored.block_height) };
  }
}
