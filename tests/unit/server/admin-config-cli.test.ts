/** Proves that the admin CLI's configuration commands (issue 21) drive the operator API with the token of DATA_DIR: the first operator, the audit log, markets, fee tiers, coins and limits, and their usage errors. */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, main } from '../../../server/admin/cli';
import { createTestUser } from '../../helpers/auth';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  env = { DATA_DIR: server.dataDir, PORT: String((server.app.server.address() as net.AddressInfo).port) };
});
afterAll(async () => {
  await server.close();
});

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const exitCode = await main(argv, env, { out: (text) => out.push(text), err: (text) => err.push(text) });
  return { exitCode, out: out.join('\n'), err: err.join('\n') };
}

describe('admin CLI: the first operator and the audit log', () => {
  it('grants and revokes the operator role by e-mail and lists the changes as the admin CLI', async () => {
    const user = await createTestUser(server);
    expect(await run(['operator', '--grant', user.email])).toMatchObject({ exitCode: EXIT_OK, out: `${user.email} (account ${user.userId}) is an operator.` });
    const role = await server.context.db.selectFrom('users').select('role').where('id', '=', BigInt(user.userId)).executeTakeFirstOrThrow();
    expect(role.role).toBe('operator');
    expect((await run(['operator', '--revoke', user.email])).out).toContain('is no longer an operator');
    const log = await run(['operator', 'log', '--limit', '2']);
    expect(log.out.split('\n')).toEqual([expect.stringMatching(/admin CLI role\.revoke account \d+ .*"operator"\} -> \{"role":"user"\}$/), expect.stringMatching(/admin CLI role\.grant/)]);
    expect(await run(['operator', '--grant', 'nobody@example.com'])).toMatchObject({ exitCode: EXIT_FAILED, err: expect.stringContaining('errcode 1010') });
  });

  it('exits 2 for a missing or doubled e-mail before calling the server', async () => {
    expect((await run(['operator'])).exitCode).toBe(EXIT_USAGE);
    expect((await run(['operator', '--grant', 'a@b.c', '--revoke', 'a@b.c'])).exitCode).toBe(EXIT_USAGE);
    expect((await run(['help'])).out).toContain('operator --grant EMAIL | --revoke EMAIL');
  });
});

describe('admin CLI: markets, coins and limits', () => {
  it('adds a market with fees in percent, suspends, resumes and delists it, and sets fee tiers', async () => {
    const added = await run(['markets', 'add', '--base', 'CLIC', '--base-scale', '8', '--quote', 'USDT', '--price-precision', '4', '--volume-precision', '2', '--min-value', '5', '--maker-fee', '0.05', '--taker-fee', '0.075', '--test-only']);
    expect(added.exitCode).toBe(EXIT_OK);
    expect(added.out).toMatch(/^Added #(\d+) CLIC_USDT active test-only maker 0\.05 % taker 0\.075 % min 5 USDT/);
    const id = /#(\d+)/.exec(added.out)![1]!;
    expect((await run(['markets'])).out).toContain(`#${id} CLIC_USDT active`);
    expect((await run(['markets', 'suspend', '--id', id])).out).toContain('CLIC_USDT suspended');
    expect((await run(['markets', 'update', '--id', id, '--taker-fee', '0.2', '--test-only', 'false'])).out).toMatch(/CLIC_USDT suspended maker 0\.05 % taker 0\.2 %/);
    expect((await run(['markets', 'resume', '--id', id])).out).toContain('CLIC_USDT active');
    expect((await run(['markets', 'delist', '--id', id])).out).toContain('Cancelled 0 open order(s)');
    expect((await run(['markets', 'tiers', '--set', '1:0.05:0.08', '--set', '3:0:0.05'])).out.split('\n')).toEqual([
      'VIP 1 and up: maker 0.05 % taker 0.08 % (or the market\'s, when lower)',
      'VIP 3 and up: maker 0 % taker 0.05 % (or the market\'s, when lower)',
    ]);
    expect((await run(['markets', 'tiers', '--set', '1:0.1:abc'])).exitCode).toBe(EXIT_USAGE);
    expect((await run(['markets', 'add', '--base', 'X'])).exitCode).toBe(EXIT_USAGE);
    expect((await run(['markets', 'close', '--id', id])).exitCode).toBe(EXIT_USAGE);
  });

  it('changes a coin, a network and the limits', async () => {
    const first = (await run(['coins'])).out.split('\n')[0]!;
    const [, currency, network] = /^(\w+) on (\w+):/.exec(first)!;
    const changed = await run(['coins', 'update', '--currency', currency!, '--network', network!, '--withdraw', 'off', '--withdraw-fee', '2']);
    expect(changed.out).toContain(`${currency} on ${network}: deposits on`);
    expect(changed.out).toContain('withdrawals off (fee 2,');
    expect((await run(['coins', 'network', '--id', network!, '--confirmations', '3'])).out).toBe(`Network ${network}: 3 confirmations.`);
    expect((await run(['coins', 'update', '--currency', currency!, '--network', network!, '--deposit', 'maybe'])).exitCode).toBe(EXIT_USAGE);

    const futures = await run(['limits', 'futures', '--id', '201', '--net-exposure-max', '7000000']);
    expect(futures.out).toContain('Futures #201 BTC_USDT: one user\'s notional up to 1000000 USDT, net exposure up to 7000000 USDT');
    expect((await run(['limits', 'floor', '--account', 'house', '--currency', 'USDT', '--floor', '5'])).err).toContain('floor: above what the account holds');

    // Funding the house makes room for its floor; the same --key again moves the money once.
    const funded = await run(['limits', 'fund', '--account', 'house', '--currency', 'USDT', '--amount', '250', '--memo', 'convert inventory', '--key', 'cli-test-fund-1']);
    expect(funded.out).toContain('Funded 250 USDT into house (idempotency key cli-test-fund-1).');
    expect(funded.out).toContain('Floor of house in USDT: 0 (holds 250)');
    expect((await run(['limits', 'fund', '--account', 'house', '--currency', 'USDT', '--amount', '250', '--memo', 'convert inventory', '--key', 'cli-test-fund-1'])).out).toContain('(holds 250)');
    expect((await run(['limits', 'floor', '--account', 'house', '--currency', 'USDT', '--floor', '5'])).out).toContain('Floor of house in USDT: 5 (holds 250)');
    const back = await run(['limits', 'fund', '--account', 'house', '--currency', 'USDT', '--amount', '246', '--memo', 'too much', '--out']);
    expect(back.exitCode).toBe(EXIT_FAILED);
    expect(back.err).toContain('errcode 1109');
    expect((await run(['limits', 'fund', '--account', 'house', '--currency', 'USDT', '--amount', '245', '--memo', 'back to treasury', '--out'])).out).toContain('(holds 5)');
    expect((await run(['limits', 'fund', '--account', 'house', '--currency', 'USDT', '--amount', '1'])).exitCode).toBe(EXIT_USAGE);
  });
});
