/** Proves that the admin CLI drives the running server through its operator API with the token of DATA_DIR, and says clearly what is wrong when it cannot. */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, main, settingsUpdateOf } from '../../../server/admin/cli';
import { getSiteSettings, saveSiteSettings } from '../../../server/modules/site/settings';
import { createTestUser, creditUser } from '../../helpers/auth';
import { mineBlocks, newWatcher } from '../../helpers/chain';
import { withdrawingUser, withdrawUsdt } from '../../helpers/withdraw';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let env: NodeJS.ProcessEnv;
const scratchDirs: string[] = [];

beforeAll(async () => {
  server = await buildTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address() as net.AddressInfo;
  env = { DATA_DIR: server.dataDir, PORT: String(address.port) };
});
afterAll(async () => {
  await server.close();
  for (const directory of scratchDirs) fs.rmSync(directory, { recursive: true, force: true });
});

function scratchDir(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-cli-'));
  scratchDirs.push(directory);
  return directory;
}

async function run(argv: string[], environment: NodeJS.ProcessEnv = env) {
  const out: string[] = [];
  const err: string[] = [];
  const exitCode = await main(argv, environment, { out: (text) => out.push(text), err: (text) => err.push(text) });
  return { exitCode, out: out.join('\n'), err: err.join('\n') };
}

async function readPost(id: number, language = 'en') {
  const response = await callApi(server, 'GET', `/post?id=${id}`, { headers: { 'accept-language': language } });
  return response.json();
}

describe('admin CLI: help and usage', () => {
  it('prints the commands for help, and exits 2 for a missing or unknown command', async () => {
    const help = await run(['help']);
    expect(help.exitCode).toBe(EXIT_OK);
    for (const command of ['audit', 'publish', 'notify', 'settings']) expect(help.out).toContain(command);
    expect((await run([])).exitCode).toBe(EXIT_USAGE);
    const unknown = await run(['launch']);
    expect(unknown.exitCode).toBe(EXIT_USAGE);
    expect(unknown.err).toContain('Unknown command "launch"');
  });

  it('exits 2 for missing or malformed options before calling the server', async () => {
    const unreachable = { DATA_DIR: scratchDir(), PORT: '1' };
    expect((await run(['publish', '--title', 'T', '--body', 'B'], unreachable)).exitCode).toBe(EXIT_USAGE);
    expect((await run(['publish', '--category', 'ten', '--title', 'T', '--body', 'B'], unreachable)).err).toContain('--category must be a whole number');
    expect((await run(['publish', '--category', '12', '--title', 'T'], unreachable)).err).toContain('exactly one of --body or --body-file');
    expect((await run(['notify', '--message', 'Hi'], unreachable)).exitCode).toBe(EXIT_USAGE);
    expect((await run(['notify', '--message', 'Hi', '--all', '--user', '3'], unreachable)).exitCode).toBe(EXIT_USAGE);
    const unknownOption = await run(['audit', '--verbose'], unreachable);
    expect(unknownOption.exitCode).toBe(EXIT_USAGE);
    expect(unknownOption.err).toContain('--verbose');
    expect((await run(['settings', '--set', 'no-equals-sign'], unreachable)).exitCode).toBe(EXIT_USAGE);
  });
});

describe('admin CLI: connecting', () => {
  it('says so when there is no admin token in DATA_DIR', async () => {
    const directory = scratchDir();
    const result = await run(['audit'], { DATA_DIR: directory, PORT: env.PORT });
    expect(result.exitCode).toBe(EXIT_FAILED);
    expect(result.err).toContain(`No admin token at ${path.join(directory, 'admin-token')}`);
  });

  it('says so when the server is not running', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await run(['audit'], { DATA_DIR: server.dataDir, PORT: String(port) });
    expect(result.exitCode).toBe(EXIT_FAILED);
    expect(result.err).toContain(`The server is not running at http://127.0.0.1:${port}`);
  });

  it('says so when the server refuses the token', async () => {
    const directory = scratchDir();
    fs.writeFileSync(path.join(directory, 'admin-token'), 'a-token-of-another-server\n');
    const result = await run(['audit'], { DATA_DIR: directory, PORT: env.PORT });
    expect(result.exitCode).toBe(EXIT_FAILED);
    expect(result.err).toContain('refused the admin token');
  });
});

describe('admin CLI: audit', () => {
  it('prints a passing audit and exits 0, then prints the problems of a failing one and exits 1', async () => {
    const separate = await buildTestServer();
    try {
      await separate.app.listen({ port: 0, host: '127.0.0.1' });
      const separateEnv = { DATA_DIR: separate.dataDir, PORT: String((separate.app.server.address() as net.AddressInfo).port) };
      const user = await createTestUser(separate);
      await creditUser(separate, user.userId, 'USDT', '10');
      const passed = await run(['audit'], separateEnv);
      expect(passed.exitCode).toBe(EXIT_OK);
      expect(passed.out).toContain('Ledger audit passed');
      await separate.context.db.updateTable('ledger_accounts').set({ balance_units: 7n }).where('user_id', '=', BigInt(user.userId)).execute();
      const failed = await run(['audit'], separateEnv);
      expect(failed.exitCode).toBe(EXIT_FAILED);
      expect(failed.out).toContain('Ledger audit FAILED');
      expect(failed.out).toContain(`u:${user.userId}`);
    } finally {
      await separate.close();
    }
  });
});

describe('admin CLI: publish', () => {
  it('publishes a post from options and one from a body file', async () => {
    const inline = await run(['publish', '--category', '12', '--title', 'CLI release', '--summary', 'Short', '--body', 'First paragraph.\n\nSecond.']);
    expect(inline.exitCode).toBe(EXIT_OK);
    const id = Number(/Published post (\d+)/.exec(inline.out)?.[1]);
    expect((await readPost(id)).data).toMatchObject({ title: 'CLI release', summary: 'Short', body: 'First paragraph.\n\nSecond.', categoryId: 12 });

    const file = path.join(scratchDir(), 'body.txt');
    fs.writeFileSync(file, '## Heading\n\n- item one\n- item two\n');
    const fromFile = await run(['publish', '--category', '40', '--slug', 'cli-page', '--title', 'From a file', '--body-file', file]);
    expect(fromFile.exitCode).toBe(EXIT_OK);
    const page = await server.app.inject({ method: 'GET', url: '/api/v1/post?slug=cli-page' });
    // The server trims the text, so the file's final newline is not kept.
    expect(page.json().data).toMatchObject({ title: 'From a file', body: '## Heading\n\n- item one\n- item two' });
  });

  it('publishes a popup notice for a number of days', async () => {
    const result = await run(['publish', '--category', '30', '--title', 'CLI notice', '--body', 'Read me.', '--popup-mode', '3', '--popup-days', '2']);
    expect(result.exitCode).toBe(EXIT_OK);
    const id = Number(/Published post (\d+)/.exec(result.out)?.[1]);
    const notice = (await server.app.inject({ method: 'GET', url: `/api/v1/notice?id=${id}` })).json().data;
    expect(notice).toMatchObject({ popupMode: 3, title: 'CLI notice' });
    expect(notice.popupTo - notice.popupFrom).toBe(2 * 24 * 60 * 60 * 1000);
  });

  it('prints the server refusal with its fields and exits 1', async () => {
    const unknownCategory = await run(['publish', '--category', '999999', '--title', 'T', '--body', 'B']);
    expect(unknownCategory.exitCode).toBe(EXIT_FAILED);
    expect(unknownCategory.err).toContain('errcode 1202');
    const german = await run(['publish', '--category', '12', '--lang', 'de', '--title', 'T', '--body', 'B']);
    expect(german.exitCode).toBe(EXIT_FAILED);
    expect(german.err).toContain('translations.en');
    expect((await run(['publish', '--category', '12', '--title', 'T', '--body-file', '/no/such/file'])).err).toContain('No such file');
  });
});

describe('admin CLI: notify', () => {
  it('notifies one user by e-mail or id, and everyone with --all', async () => {
    const user = await createTestUser(server, { email: 'cli.user@example.com' });
    expect((await run(['notify', '--email', 'cli.user@example.com', '--message', 'Hello from the CLI'])).out).toContain('Created 1 notification(s).');
    expect((await run(['notify', '--user', String(user.userId), '--message', 'Again'])).exitCode).toBe(EXIT_OK);
    const list = await server.app.inject({ method: 'POST', url: '/api/v1/notification/list', headers: user.headers, payload: {} });
    expect(list.json().data.map((item: { message: string }) => item.message)).toEqual(['Again', 'Hello from the CLI']);
    const users = await server.context.db.selectFrom('users').select('id').where('disabled', '=', 0n).execute();
    expect((await run(['notify', '--all', '--message', 'Everyone'])).out).toContain(`Created ${users.length} notification(s).`);
    const unknown = await run(['notify', '--email', 'nobody@example.com', '--message', 'Hi']);
    expect(unknown.exitCode).toBe(EXIT_FAILED);
    expect(unknown.err).toContain('errcode 1010');
  });
});

describe('admin CLI: settings', () => {
  it('shows the robots state and refuses --pause with --resume', async () => {
    const shown = await run(['robots']);
    expect(shown.exitCode).toBe(0);
    expect(shown.out).toContain('No market-maker robots on this server');
    const both = await run(['robots', '--pause', '--resume']);
    expect(both.exitCode).toBe(2);
  });

  it('prints the settings, and saves --set changes of every kind', async () => {
    const before = await getSiteSettings(server.context.db);
    try {
      const shown = await run(['settings']);
      expect(shown.exitCode).toBe(EXIT_OK);
      expect(JSON.parse(shown.out)).toEqual(before);
      const changed = await run([
        'settings',
        '--set', 'name=12345',
        '--set', 'notificationEnabled=false',
        '--set', 'permission=24',
        '--set', 'supportedLanguages=en,de,zh-CHT',
        '--set', 'helpDesk.extLink=https://help.example.com',
        '--set', 'kvConfigs.twitter=https://x.com/exchange',
      ]);
      expect(changed.exitCode).toBe(EXIT_OK);
      expect(changed.out).toContain('Settings saved:');
      const after = await getSiteSettings(server.context.db);
      expect(after).toMatchObject({
        name: '12345',
        notificationEnabled: false,
        permission: 24,
        supportedLanguages: ['en', 'de', 'zh-CHT'],
        helpDesk: { ...before.helpDesk, extLink: 'https://help.example.com' },
        kvConfigs: { ...before.kvConfigs, twitter: 'https://x.com/exchange' },
      });
      expect((await run(['settings', '--set', 'kvConfigs.twitter=null'])).exitCode).toBe(EXIT_OK);
      expect((await getSiteSettings(server.context.db)).kvConfigs).not.toHaveProperty('twitter');
    } finally {
      await saveSiteSettings(server.context.db, before);
    }
  });

  it('prints the refused field and exits 1 for an invalid value, changing nothing', async () => {
    const before = await getSiteSettings(server.context.db);
    const result = await run(['settings', '--set', 'permission=5000']);
    expect(result.exitCode).toBe(EXIT_FAILED);
    expect(result.err).toContain('errcode 400');
    expect(result.err).toContain('permission');
    expect(await getSiteSettings(server.context.db)).toEqual(before);
  });

  it('builds nested partial updates from key=value pairs', () => {
    expect(
      settingsUpdateOf(['loanEnabled=true', 'helpDesk.useExternal=false', 'helpDesk.extLink=https://a.example', 'anonymous=["/","/quotes"]', 'name=true']),
    ).toEqual({
      loanEnabled: true,
      helpDesk: { useExternal: false, extLink: 'https://a.example' },
      anonymous: ['/', '/quotes'],
      name: 'true',
    });
    expect(() => settingsUpdateOf(['a.b.c=1'])).toThrow('Not a settings key');
  });
});

describe('admin CLI: chain', () => {
  it('puts a deposit on the simulated chain by address and a demo deposit by e-mail, printing each txid, and the watcher credits both', async () => {
    const user = await createTestUser(server);
    const demo = await run(['chain', 'demo', '--email', user.email, '--coin', 'BTC']);
    expect(demo.exitCode).toBe(EXIT_OK);
    const [summary = '', txid = ''] = demo.out.split('\n');
    expect(summary).toMatch(/^Sent 0\.00100000 BTC on BTC to bc1q\w+ in block \d+\.$/);
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    const address = /to (\w+) in/.exec(summary)?.[1] ?? '';
    const deposit = await run(['chain', 'deposit', '--address', address, '--amount', '0.25']);
    expect(deposit.exitCode).toBe(EXIT_OK);
    expect(deposit.out).toContain('Sent 0.25000000 BTC on BTC');

    mineBlocks(server, 3);
    await newWatcher(server).poll();
    const balance = await callApi(server, 'POST', '/balance/get?currency=BTC', { as: user, payload: {} });
    expect(balance.json<{ data: { balance: string } }>().data.balance).toBe('0.25100000');
  });

  it('exits 2 without --address or --amount, and 1 with the refusal for an address nobody was given', async () => {
    expect((await run(['chain', 'deposit', '--amount', '1'])).exitCode).toBe(EXIT_USAGE);
    expect((await run(['chain', 'fly'])).exitCode).toBe(EXIT_USAGE);
    const refused = await run(['chain', 'deposit', '--address', 'TUnknown1111111111111111111111111', '--amount', '1']);
    expect(refused.exitCode).toBe(EXIT_FAILED);
    expect(refused.err).toContain('Refused (errcode 2302)');
  });
});

describe('admin CLI: withdrawals', () => {
  it('lists the waiting withdrawals, approves one (sent on the chain), rejects another with a reason, and exits 2 without --id or --reason', async () => {
    const user = await withdrawingUser(server);
    const sent = (await withdrawUsdt(server, user, '30')).data!;
    const other = (await withdrawUsdt(server, user, '40')).data!;
    const list = await run(['withdrawals']);
    expect(list.exitCode).toBe(EXIT_OK);
    expect(list.out).toContain(`#${sent.id} submitted 30.000000 USDT (fee 1.000000) from ${user.email} to TRC20 T`);
    const approved = await run(['withdrawals', 'approve', '--id', String(sent.id)]);
    expect(approved.out).toMatch(new RegExp(`^#${sent.id} broadcast 30\\.000000 USDT`));
    expect((await run(['withdrawals', 'reject', '--id', String(other.id)])).exitCode).toBe(EXIT_USAGE);
    expect((await run(['withdrawals', 'approve'])).exitCode).toBe(EXIT_USAGE);
    expect((await run(['withdrawals', 'fly', '--id', '1'])).exitCode).toBe(EXIT_USAGE);
    const rejected = await run(['withdrawals', 'reject', '--id', String(other.id), '--reason', 'Unusual activity']);
    expect(rejected.out).toContain(`#${other.id} rejected 40.000000 USDT`);
    const again = await run(['withdrawals', 'reject', '--id', String(other.id), '--reason', 'Again']);
    expect(again.exitCode).toBe(EXIT_FAILED);
    expect(again.err).toContain('Refused (errcode 2409)');
    expect((await run(['withdrawals', '--all'])).out).toContain(`#${other.id} rejected`);
  });
});
