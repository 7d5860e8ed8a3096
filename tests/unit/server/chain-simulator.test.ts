/**
 * Proves the local chain simulator behind the chain interface: heights grow one block a second on
 * the context's clock from a genesis stored in the database (so a new simulator, as after a
 * restart, reads the same heights), a transfer lands in the block after the tip, addresses match
 * their network's format, and `send` pays once per idempotency key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationsAt } from '../../../server/chain/chain';
import { ChainSimulator } from '../../../server/chain/simulator';
import { SEED_NETWORKS } from '../../../server/seed/chain';
import { mineBlocks } from '../../helpers/chain';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('ChainSimulator', () => {
  it('mints a block a second from a stored genesis: a second simulator over the same database reads the same tip', async () => {
    const chain = new ChainSimulator(server.context.now);
    const start = await chain.tipHeight(server.context.db, 'LTC');
    mineBlocks(server, 5);
    const tip = await chain.tipHeight(server.context.db, 'LTC');
    expect(tip - start).toBe(5);
    expect(await new ChainSimulator(server.context.now).tipHeight(server.context.db, 'LTC')).toBe(tip);
  });

  it('puts a transfer in the block after the tip, where it gathers confirmations', async () => {
    const chain = new ChainSimulator(server.context.now);
    const toAddress = await chain.newAddress('DOGE');
    const tip = await chain.tipHeight(server.context.db, 'DOGE');
    const sent = await chain.simulateTransfer(server.context.db, { network: 'DOGE', toAddress, currency: 'DOGE', amountUnits: 5_000_000_000n });
    expect(sent.blockHeight).toBe(tip + 1);
    expect(await chain.transfersInBlocks(server.context.db, 'DOGE', tip + 1, tip + 1)).toEqual([
      { network: 'DOGE', txid: sent.txid, outputIndex: 0, toAddress, currency: 'DOGE', amountUnits: 5_000_000_000n, blockHeight: tip + 1 },
    ]);
    expect(confirmationsAt(tip, sent.blockHeight)).toBe(0);
    mineBlocks(server, 3);
    expect(confirmationsAt(await chain.tipHeight(server.context.db, 'DOGE'), sent.blockHeight)).toBe(3);
  });

  it('makes addresses in every network\'s format', async () => {
    const chain = new ChainSimulator(server.context.now);
    for (const network of SEED_NETWORKS) {
      const addresses = await Promise.all(Array.from({ length: 20 }, () => chain.newAddress(network.id)));
      for (const address of addresses) expect(address).toMatch(new RegExp(network.addressRegex));
      expect(new Set(addresses).size).toBe(addresses.length);
    }
  });

  it('sends once per idempotency key: a retry answers the same transaction', async () => {
    const chain = new ChainSimulator(server.context.now);
    const payment = { network: 'ERC20', toAddress: await chain.newAddress('ERC20'), currency: 'ETH', amountUnits: 10_000_000n, idempotencyKey: 'withdrawal:1' };
    const first = await chain.send(server.context.db, payment);
    mineBlocks(server, 2);
    const again = await chain.send(server.context.db, payment);
    expect(again).toEqual(first);
    expect(first.txid).toMatch(/^0x[0-9a-f]{64}$/);
    const rows = await server.context.db.selectFrom('chain_sim_transactions').select('id').where('txid', '=', first.txid).execute();
    expect(rows).toHaveLength(1);
  });
});
