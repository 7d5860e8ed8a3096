/**
 * The chain interface: what the platform needs from a blockchain, whoever provides it. Today the
 * local simulator (simulator.ts) implements it, because this platform runs without internet; a
 * later implementation talks to a node of each network (bitcoind, geth, a TRON full node...) or to
 * a custody provider's API, and nothing above this interface changes.
 *
 * The watcher (server/modules/chain/watcher.ts) reads a network block by block: `tipHeight` says
 * how far the network is, `transfersInBlocks` lists every output of a block range that pays one
 * of the platform's addresses. A transfer is identified by (network, txid, outputIndex), the key
 * the platform credits a deposit once by; its confirmations are tip - blockHeight + 1. What an
 * implementation must guarantee:
 * - heights only grow, and a block once reported keeps its transfers (the simulator never
 *   reorganises; a real implementation reports a block only once it is final enough, or the
 *   watcher must learn to roll back a reorganised deposit before crediting it);
 * - `transfersInBlocks` may answer a transfer again (a second read of the same range): the
 *   watcher's unique key absorbs repeats;
 * - amounts are bigint counts of the currency's smallest unit (satoshi, wei scaled down to the
 *   currency's scale, sun...), never floats.
 *
 * `newAddress` makes a fresh deposit address the platform controls (a node's wallet, an HD
 * derivation, a custody provider's API); the platform stores which user it belongs to.
 * `send` pays out of the platform's hot wallet: the withdrawal round calls it once an operator
 * approved a withdrawal, with the withdrawal's id as its idempotency key, so that a retry after a
 * crash does not pay twice.
 */
import type { Executor } from '../core/executor';

export interface ChainTransfer {
  network: string;
  txid: string;
  outputIndex: number;
  toAddress: string;
  currency: string;
  amountUnits: bigint;
  blockHeight: number;
}

export interface SentTransfer {
  txid: string;
  outputIndex: number;
}

export interface Chain {
  /** A new address on the network, in the network's format, that no one else was given. */
  newAddress(network: string): Promise<string>;
  /** The network's latest block height now (the first block is 1; 0 before it). */
  tipHeight(executor: Executor, network: string): Promise<number>;
  /** Every transfer in blocks fromHeight..toHeight (inclusive) to an address this chain gave out, in block order. */
  transfersInBlocks(executor: Executor, network: string, fromHeight: number, toHeight: number): Promise<ChainTransfer[]>;
  /** Pays `amountUnits` of `currency` to `toAddress` from the platform's hot wallet; one payment per idempotency key. */
  send(executor: Executor, payment: { network: string; toAddress: string; currency: string; amountUnits: bigint; idempotencyKey: string }): Promise<SentTransfer>;
  /** Confirmations of a transfer `send` made (0 while it waits for a block), for completing a withdrawal at the network's count. */
  sentConfirmations(executor: Executor, network: string, sent: SentTransfer): Promise<number>;
}

/** Confirmations of a transfer at a block height: 0 before it is in a block at or below the tip. */
export function confirmationsAt(tipHeight: number, blockHeight: number): number {
  return tipHeight >= blockHeight ? tipHeight - blockHeight + 1 : 0;
}
