/**
 * The codes the e2e server "sends": its sender writes each message to the data folder's outbox
 * (DATA_DIR/outbox/messages.jsonl, with DATA_DIR as playwright.config.ts sets it), where a test
 * reads the code a person would have received.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext } from './test';

interface OutboxMessage {
  to: string;
  purpose: string;
  code: string;
}

function outboxFile(baseURL: string | undefined): string {
  const port = new URL(baseURL ?? 'http://127.0.0.1:18080').port;
  return path.join(os.tmpdir(), `exchange-e2e-data-${port}`, 'outbox', 'messages.jsonl');
}

function lastCode(file: string, to: string, purpose: string): string | undefined {
  if (!fs.existsSync(file)) return undefined;
  const messages = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMessage);
  return messages.filter((message) => message.to === to && message.purpose === purpose).at(-1)?.code;
}

/** Waits for the code the server sent to an address for a purpose (register, resetpassword...) and returns it. */
export async function codeFromOutbox(baseURL: string | undefined, to: string, purpose: string): Promise<string> {
  const file = outboxFile(baseURL);
  let code: string | undefined;
  await expect
    .poll(() => {
      code = lastCode(file, to, purpose);
      return code;
    }, { message: `a ${purpose} code for ${to} in ${file}` })
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

/** An address no other run has registered. */
export function uniqueEmail(): string {
  return `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Registers a new account through the calls the register form makes, with the code from the
 * outbox; the request context (a browser context's) is then signed in as it. For tests that change
 * a user's state other tests read (security, identity), so that no demo user changes.
 */
export async function registerAccount(api: APIRequestContext, baseURL: string | undefined, email: string, password: string): Promise<void> {
  const csrf = await api.post('/api/v1/csrftoken', { data: {} });
  const token = ((await csrf.json()) as { data: { token: string } }).data.token;
  const sent = await api.post('/api/v1/vcode/register', { form: { type: 'email', email }, headers: { 'X-XSRF-TOKEN': token } });
  expect(((await sent.json()) as { errcode: number }).errcode).toBe(0);
  const vcode = await codeFromOutbox(baseURL, email, 'register');
  const created = await api.post('/api/v1/account/create', { form: { type: 'email', email, password, vcode }, headers: { 'X-XSRF-TOKEN': token } });
  expect(((await created.json()) as { errcode: number }).errcode).toBe(0);
}
