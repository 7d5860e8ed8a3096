/**
 * The admin CLI (`npm run admin -- <command>`): an operator's tool that talks to the running
 * server's operator API, never to its database, so that every change goes through the same rules
 * as the rest of the platform. It presents the bearer token the server wrote to
 * DATA_DIR/admin-token and calls http://127.0.0.1:$PORT.
 *
 * main() takes argv, env and where to write, and answers an exit code, so that tests run it
 * against a test server without spawning a process.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { ADMIN_TOKEN_FILE } from '../boot';
import { CONFIG_COMMANDS, CONFIG_USAGE, type CliOutput, type CommandKit } from './config-commands';

const processOutput: CliOutput = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
const REQUEST_TIMEOUT_MS = 30_000;

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  audit [--full]                     Check the ledger from its last verified checkpoint (with
                                     --full: replay the whole journal); exits 1 on problems.
  publish --category ID --title T (--body TEXT | --body-file FILE)
          [--summary S] [--lang en] [--slug S] [--pinned]
          [--popup-mode 1|2|3 --popup-days N]
                                     Publish a post (the first publication must be in English).
  notify --message M (--email E | --user ID | --all)
                                     Send a notification to one user or to every active user.
  settings [--set key=value ...]     Show the site settings, or change some first.
                                     Nested keys use dots (helpDesk.extLink=https://...);
                                     lists take commas (supportedLanguages=en,de,fr);
                                     kvConfigs.KEY=null removes a key.
  robots [--pause | --resume]        Show, pause or resume the market-maker robots.
  chain deposit --address A --amount X [--network N]
                                     Put a deposit to address A on the local chain simulator
                                     (the network is found from the address unless given);
                                     prints its txid. The server credits it once the network's
                                     confirmations are reached.
  chain demo [--email E] [--coin C] [--network N] [--amount X]
                                     A demo deposit to a user's address for a coin (made first
                                     if needed): by default USDT to trader1@demo.exchange,
                                     ten times the coin's deposit minimum.
  withdrawals [--all]                List the withdrawals waiting for an operator (or all of them).
  withdrawals approve --id N         Approve one: a blockchain withdrawal is sent on its chain, a
                                     fiat one waits to be marked paid.
  withdrawals paid --id N            Mark an approved fiat withdrawal paid to the bank.
  withdrawals reject --id N --reason R
                                     Reject one with the reason its user reads; the funds are
                                     released.
${CONFIG_USAGE}
  help                               Show this text.

The CLI reads its token from DATA_DIR/admin-token (DATA_DIR defaults to ./data) and calls the
server at http://127.0.0.1:$PORT (PORT defaults to 8080).`;

/** A failure the operator can act on: printed as is, without a stack trace. */
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = EXIT_FAILED,
  ) {
    super(message);
  }
}

function usageError(message: string): CliError {
  return new CliError(`${message}\nRun "npm run admin -- help" for usage.`, EXIT_USAGE);
}

interface Connection {
  baseUrl: string;
  token: string;
}

function connect(env: NodeJS.ProcessEnv): Connection {
  const tokenFile = path.join(path.resolve(env.DATA_DIR ?? 'data'), ADMIN_TOKEN_FILE);
  if (!fs.existsSync(tokenFile)) {
    throw new CliError(`No admin token at ${tokenFile}. Start the server once with this DATA_DIR (it writes the token), or set DATA_DIR to the server's data folder.`);
  }
  const token = fs.readFileSync(tokenFile, 'utf8').trim();
  if (!token) throw new CliError(`The admin token file ${tokenFile} is empty.`);
  const port = env.PORT ?? '8080';
  if (!/^\d{1,5}$/.test(port)) throw new CliError(`PORT is not a port number: ${port}`);
  return { baseUrl: `http://127.0.0.1:${port}`, token };
}

interface Envelope {
  errcode?: number;
  errmsg?: string;
  fields?: Record<string, string>;
  data?: unknown;
}

async function callOperatorApi(connection: Connection, method: 'GET' | 'POST', apiPath: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<unknown> {
  const url = `${connection.baseUrl}/api/v1${apiPath}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { ...extraHeaders, authorization: `Bearer ${connection.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code === 'ECONNREFUSED') {
      throw new CliError(`The server is not running at ${connection.baseUrl}. Start it with "npm start" (or set PORT to the port it listens on).`);
    }
    throw new CliError(`Could not reach the server at ${connection.baseUrl}: ${(error as Error).message}`);
  }
  if (response.status === 401) {
    throw new CliError('The server refused the admin token. Is DATA_DIR the data folder of the server on this PORT?');
  }
  let envelope: Envelope;
  try {
    envelope = (await response.json()) as Envelope;
  } catch {
    throw new CliError(`The server answered ${response.status} without a JSON body. Is PORT the platform's port?`);
  }
  if (envelope.errcode !== 0) {
    const fields = Object.entries(envelope.fields ?? {}).map(([name, problem]) => `\n  ${name}: ${problem}`);
    throw new CliError(`Refused (errcode ${envelope.errcode ?? '?'}): ${envelope.errmsg ?? 'no message'}${fields.join('')}`);
  }
  return envelope.data;
}

function wholeNumber(option: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,15}$/.test(value)) throw usageError(`--${option} must be a whole number, not "${value}".`);
  return Number(value);
}

interface AuditReport {
  ok: boolean;
  problems: string[];
  checked: { accounts: number; transactions: number; postings: number };
}

async function audit(args: string[], env: NodeJS.ProcessEnv, output: CliOutput): Promise<number> {
  const { values } = parseArgs({ args, options: { full: { type: 'boolean' } }, strict: true });
  const report = (await callOperatorApi(connect(env), 'GET', `/operator/audit${values.full ? '?full=1' : ''}`)) as AuditReport;
  const checked = `${report.checked.accounts} accounts, ${report.checked.transactions} transactions, ${report.checked.postings} postings`;
  if (report.ok) {
    output.out(`Ledger audit passed (${checked} checked).`);
    return EXIT_OK;
  }
  output.out(`Ledger audit FAILED with ${report.problems.length} problem(s) (${checked} checked):`);
  for (const problem of report.problems) output.out(`  - ${problem}`);
  return EXIT_FAILED;
}

function readBody(values: { body?: string; 'body-file'?: string }): string {
  if ((values.body === undefined) === (values['body-file'] === undefined)) throw usageError('Give the post text with exactly one of --body or --body-file.');
  if (values.body !== undefined) return values.body;
  const file = path.resolve(values['body-file'] ?? '');
  if (!fs.existsSync(file)) throw new CliError(`No such file: ${file}`);
  return fs.readFileSync(file, 'utf8');
}

async function publish(args: string[], env: NodeJS.ProcessEnv, output: CliOutput): Promise<number> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      category: { type: 'string' },
      title: { type: 'string' },
      body: { type: 'string' },
      'body-file': { type: 'string' },
      summary: { type: 'string' },
      lang: { type: 'string', default: 'en' },
      slug: { type: 'string' },
      pinned: { type: 'boolean' },
      'popup-mode': { type: 'string' },
      'popup-days': { type: 'string' },
    },
  });
  const categoryId = wholeNumber('category', values.category);
  if (categoryId === undefined) throw usageError('publish needs --category ID.');
  if (values.title === undefined) throw usageError('publish needs --title.');
  const body = readBody(values);
  const popupMode = wholeNumber('popup-mode', values['popup-mode']);
  const popupDays = wholeNumber('popup-days', values['popup-days']);
  const request = {
    categoryId,
    translations: { [values.lang]: { title: values.title, summary: values.summary ?? '', body } },
    ...(values.slug === undefined ? {} : { slug: values.slug }),
    ...(values.pinned ? { pinned: true } : {}),
    ...(popupMode === undefined ? {} : { popupMode }),
    ...(popupDays === undefined ? {} : { popupDays }),
  };
  const result = (await callOperatorApi(connect(env), 'POST', '/operator/posts', request)) as { id: number };
  output.out(`Published post ${result.id}.`);
  return EXIT_OK;
}

async function notify(args: string[], env: NodeJS.ProcessEnv, output: CliOutput): Promise<number> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: { message: { type: 'string' }, email: { type: 'string' }, user: { type: 'string' }, all: { type: 'boolean' } },
  });
  if (values.message === undefined) throw usageError('notify needs --message.');
  const targets = [values.email, values.user, values.all].filter((target) => target !== undefined);
  if (targets.length !== 1) throw usageError('notify needs exactly one of --email, --user or --all.');
  const userId = wholeNumber('user', values.user);
  const request = {
    message: values.message,
    ...(values.email === undefined ? {} : { email: values.email }),
    ...(userId === undefined ? {} : { userId }),
    ...(values.all ? { all: true } : {}),
  };
  const result = (await callOperatorApi(connect(env), 'POST', '/operator/notify', request)) as { created: number };
  output.out(`Created ${result.created} notification(s).`);
  return EXIT_OK;
}

/** Settings whose values are text even when they look like a number or a boolean. */
const TEXT_SETTINGS = new Set(['name', 'helpDesk.extLink']);
const LIST_SETTINGS = new Set(['supportedLanguages', 'anonymous']);

/** Turns one `key=value` into the value the operator meant for that key. */
export function settingValue(key: string, text: string): unknown {
  if (key.startsWith('kvConfigs.')) return text === 'null' ? null : text;
  if (TEXT_SETTINGS.has(key)) return text;
  if (LIST_SETTINGS.has(key)) {
    if (text.trim().startsWith('[')) return JSON.parse(text) as unknown;
    return text.split(',').map((item) => item.trim()).filter(Boolean);
  }
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^-?\d{1,15}$/.test(text)) return Number(text);
  return text;
}

/** Builds the partial update of `--set a=1 --set helpDesk.extLink=...`. */
export function settingsUpdateOf(assignments: string[]): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  for (const assignment of assignments) {
    const separator = assignment.indexOf('=');
    if (separator <= 0) throw usageError(`--set takes key=value, not "${assignment}".`);
    const key = assignment.slice(0, separator).trim();
    const parts = key.split('.');
    if (parts.length > 2 || parts.some((part) => !/^[\w-]+$/.test(part))) throw usageError(`Not a settings key: "${key}".`);
    let value: unknown;
    try {
      value = settingValue(key, assignment.slice(separator + 1));
    } catch {
      throw usageError(`The value of ${key} is not valid JSON.`);
    }
    const [head = '', leaf] = parts;
    if (leaf === undefined) {
      update[head] = value;
    } else {
      const nested = (update[head] ?? {}) as Record<string, unknown>;
      nested[leaf] = value;
      update[head] = nested;
    }
  }
  return update;
}

async function settings(args: string[], env: NodeJS.ProcessEnv, output: CliOutput): Promise<number> {
  const { values } = parseArgs({ args, strict: true, options: { set: { type: 'string', multiple: true } } });
  const assignments = values.set ?? [];
  const update = settingsUpdateOf(assignments);
  const connection = connect(env);
  const result =
    assignments.length === 0
      ? await callOperatorApi(connection, 'GET', '/operator/settings')
      : await callOperatorApi(connection, 'POST', '/operator/settings', update);
  if (assignments.length > 0) output.out('Settings saved:');
  output.out(JSON.stringify(result, null, 2));
  return EXIT_OK;
}

async function robots(args: string[], env: NodeJS.ProcessEnv, output: CliOutput): Promise<number> {
  const { values } = parseArgs({ args, strict: true, options: { pause: { type: 'boolean' }, resume: { type: 'boolean' } } });
  if (values.pause && values.resume) throw usageError('Give --pause or --resume, not both.');
  const connection = connect(env);
  const state = (
    values.pause || values.resume
      ? await callOperatorApi(connection, 'POST', '/operator/robots', { paused: Boolean(values.pause) })
      : await callOperatorApi(connection, 'GET', '/operator/robots')
  ) as { configured: boolean; paused: boolean };
  if (!state.configured) output.out('No market-maker robots on this server (they start when ROBOTS is on).');
  else output.out(state.paused ? 'Robots are paused: they withdraw their quotes and stay idle.' : 'Robots are running.');
  return EXIT_OK;
}

interface SimulatedDeposit {
  network: string;
  currency: string;
  address: string;
  amount: string;
  txid: string;
  blockHeight: number;
}

/** The demo deposit's user when none is named: the first demo trader (server/seed/users.ts). */
const DEMO_DEPOSIT_EMAIL = 'trader1@demo.exchange';

async function chain(args: string[], env: NodeJS.ProcessEnv, output: CliOutput): Promise<number> {
  const [action, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    strict: true,
    options: { address: { type: 'string' }, amount: { type: 'string' }, network: { type: 'string' }, email: { type: 'string' }, coin: { type: 'string' } },
  });
  const network = values.network === undefined ? {} : { network: values.network };
  let deposit: SimulatedDeposit;
  if (action === 'deposit') {
    if (values.address === undefined || values.amount === undefined) throw usageError('chain deposit needs --address and --amount.');
    deposit = (await callOperatorApi(connect(env), 'POST', '/operator/chain/deposit', { address: values.address, amount: values.amount, ...network })) as SimulatedDeposit;
  } else if (action === 'demo') {
    const request = {
      email: values.email ?? DEMO_DEPOSIT_EMAIL,
      ...(values.coin === undefined ? {} : { coin: values.coin }),
      ...(values.amount === undefined ? {} : { amount: values.amount }),
      ...network,
    };
    deposit = (await callOperatorApi(connect(env), 'POST', '/operator/chain/demo_deposit', request)) as SimulatedDeposit;
  } else {
    throw usageError('chain takes deposit or demo.');
  }
  output.out(`Sent ${deposit.amount} ${deposit.currency} on ${deposit.network} to ${deposit.address} in block ${deposit.blockHeight}.`);
  output.out(deposit.txid);
  return EXIT_OK;
}

/** What the CLI prints of a withdrawal (the operator API answers more). */
interface QueuedWithdrawal {
  id: number;
  contact: string;
  type: string;
  currency: string;
  amount: string;
  fee: string;
  network: string | null;
  address: string | null;
  bankName: string | null;
  accountNumber: string | null;
  status: string;
}

function withdrawalLine(row: QueuedWithdrawal): string {
  const to = row.type === 'fiat' ? `${row.bankName ?? ''} ${row.accountNumber ?? ''}` : `${row.network ?? ''} ${row.address ?? ''}`;
  return `#${row.id} ${row.status} ${row.amount} ${row.currency} (fee ${row.fee}) from ${row.contact} to ${to}`;
}

const WITHDRAW_DECISIONS = ['approve', 'paid', 'reject'];

async function withdrawals(args: string[], env: NodeJS.ProcessEnv, output: CliOutput): Promise<number> {
  const action = args[0] === undefined || args[0].startsWith('--') ? 'list' : args[0];
  const { values } = parseArgs({
    args: action === 'list' ? args : args.slice(1),
    strict: true,
    options: { all: { type: 'boolean' }, id: { type: 'string' }, reason: { type: 'string' } },
  });
  const connection = connect(env);
  if (action === 'list') {
    const rows = (await callOperatorApi(connection, 'GET', `/operator/withdrawals?state=${values.all ? 'all' : 'pending'}&limit=50`)) as QueuedWithdrawal[];
    if (rows.length === 0) output.out(values.all ? 'No withdrawal yet.' : 'No withdrawal is waiting for an operator.');
    for (const row of rows) output.out(withdrawalLine(row));
    return EXIT_OK;
  }
  if (!WITHDRAW_DECISIONS.includes(action)) throw usageError('withdrawals takes approve, paid or reject (or nothing, to list them).');
  if (values.id === undefined || !/^\d+$/.test(values.id)) throw usageError(`withdrawals ${action} needs --id with a withdrawal's number.`);
  if (action === 'reject' && values.reason === undefined) throw usageError('withdrawals reject needs --reason, which the user reads.');
  const body = action === 'reject' ? { reason: values.reason } : {};
  output.out(withdrawalLine((await callOperatorApi(connection, 'POST', `/operator/withdrawals/${action}?id=${values.id}`, body)) as QueuedWithdrawal));
  return EXIT_OK;
}

/** The configuration commands' view of the CLI: the operator API of this DATA_DIR and PORT, connected on the first call. */
function commandKit(env: NodeJS.ProcessEnv): CommandKit {
  return { call: (method, apiPath, body, headers) => callOperatorApi(connect(env), method, apiPath, body, headers), usage: usageError };
}

const COMMANDS: Record<string, (args: string[], env: NodeJS.ProcessEnv, output: CliOutput) => Promise<number>> = {
  ...Object.fromEntries(Object.entries(CONFIG_COMMANDS).map(([name, run]) => [name, (args: string[], env: NodeJS.ProcessEnv, output: CliOutput) => run(args, commandKit(env), output)])),
  audit,
  publish,
  notify,
  settings,
  robots,
  chain,
  withdrawals,
};

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, output: CliOutput = processOutput): Promise<number> {
  const [command, ...args] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    output.out(USAGE);
    return command === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const run = COMMANDS[command];
  if (!run) {
    output.err(`Unknown command "${command}".\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  try {
    return await run(args, env, output);
  } catch (error) {
    if (error instanceof CliError) {
      output.err(error.message);
      return error.exitCode;
    }
    // parseArgs reports unknown or malformed options with a code; those are usage errors too.
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      output.err(`${(error as Error).message}\nRun "npm run admin -- help" for usage.`);
      return EXIT_USAGE;
    }
    throw error;
  }
}

const invokedPath = process.argv[1];
if (invokedPath && import.meta.url === pathToFileURL(path.resolve(invokedPath)).href) {
  main(process.argv.slice(2)).then(
    (exitCode) => {
      process.exitCode = exitCode;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = EXIT_FAILED;
    },
  );
}
