/**
 * Proves that no malformed input to any call of the shared contract breaks the server: every call
 * definition exported from src/shared/api is found by itself (nothing is listed by hand, so a new
 * call is fuzzed the day it is defined) and sent wrong types, missing fields, oversized and
 * unparsable bodies, wrong content types, huge numeric strings and prototype-pollution keys by a
 * signed-in user. Each answer must be below 500, a JSON envelope without internals, with a
 * non-zero errcode whenever it refuses, and a refused call must leave the ledger journal as it was.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, BODY_LIMIT_BYTES } from '../../server/app';
import type { CallDefinition } from '../../src/shared/api/call';
import { createTestUser, creditUser, type TestUser } from '../helpers/auth';
import { buildTestServer, type TestServer } from '../helpers/server';

type AnyCall = CallDefinition;

const API_MODULES = import.meta.glob<Record<string, unknown>>('../../src/shared/api/*.ts', { eager: true });

function isCallDefinition(value: unknown): value is AnyCall {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<AnyCall>;
  return (
    (candidate.method === 'GET' || candidate.method === 'POST') &&
    typeof candidate.path === 'string' &&
    typeof candidate.data === 'object' &&
    typeof candidate.changesState === 'boolean'
  );
}

/** Call definitions may be exported directly or grouped in an exported object (one call per purpose, say). */
function collectCalls(value: unknown, found: Map<string, AnyCall>, depth: number): void {
  if (isCallDefinition(value)) {
    found.set(`${value.method} ${value.path}`, value);
    return;
  }
  // Zod schemas are objects too; only plain containers are searched.
  const isPlainContainer = Array.isArray(value) || (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype);
  if (!isPlainContainer || depth > 2) return;
  for (const inner of Object.values(value as Record<string, unknown>)) collectCalls(inner, found, depth + 1);
}

const discovered = new Map<string, AnyCall>();
for (const exports of Object.values(API_MODULES)) {
  for (const value of Object.values(exports)) collectCalls(value, discovered, 0);
}
const CALLS = [...discovered.entries()].sort(([a], [b]) => a.localeCompare(b));

/**
 * Valid values of path parameters, by call path. A call whose path has a parameter missing here
 * fails its test with a message saying so: nothing is skipped silently.
 */
const PATH_PARAMETER_VALUES: Record<string, Record<string, string>> = {
  '/vcode/{type}': { type: 'register' },
  '/vcode/:type': { type: 'register' },
};

function concretePath(path: string): string {
  return path.replace(/\{(\w+)\}|:(\w+)/g, (whole, braced: string | undefined, colon: string | undefined) => {
    const name = braced ?? colon ?? '';
    const value = PATH_PARAMETER_VALUES[path]?.[name];
    if (value === undefined) throw new Error(`no valid value for {${name}} of ${path}: add one to PATH_PARAMETER_VALUES`);
    return value;
  });
}

/** The field names a zod schema accepts, through pipes, unions, optionals and the like. */
function inputKeys(schema: unknown, depth = 0): string[] {
  const definition = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!definition || depth > 8) return [];
  switch (definition.type) {
    case 'object':
      return Object.keys(definition.shape as Record<string, unknown>);
    case 'pipe':
      return inputKeys(definition.in, depth + 1);
    case 'union':
      return (definition.options as unknown[]).flatMap((option) => inputKeys(option, depth + 1));
    case 'intersection':
      return [...inputKeys(definition.left, depth + 1), ...inputKeys(definition.right, depth + 1)];
    default:
      return inputKeys(definition.innerType, depth + 1);
  }
}

const HUGE_NUMBER_STRINGS = ['9'.repeat(400), '1e400', '-1e400', 'NaN', 'Infinity', '-0', '0x7fffffffffffffff', '99999999999999999999.999999999', '1'.padEnd(64, '0')];

/** A value of the wrong type, or of the right type but absurd, for any field. */
const wrongValue = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.constantFrom(...HUGE_NUMBER_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 2_000, maxLength: 3_000 }),
  fc.constantFrom('', ' ', '-1', '0', '1.000000000000000001', '<script>', "' or 1=1 --", '__proto__', '\u0000'),
);

function fieldRecord(keys: string[]) {
  const junk = fc.dictionary(fc.constantFrom('extra', 'constructor', 'prototype', 'toString', 'valueOf', 'x'), wrongValue, { maxKeys: 2 });
  if (keys.length === 0) return junk;
  // No key is required: missing fields are one of the malformations.
  const fields = fc.record(Object.fromEntries(keys.map((key) => [key, wrongValue])), { requiredKeys: [] });
  return fc.tuple(fields, junk).map(([chosen, extra]) => ({ ...extra, ...chosen }) as Record<string, unknown>);
}

interface MalformedRequest {
  what: string;
  query: Record<string, string | string[]>;
  contentType?: string;
  payload?: string;
}

function toQueryValue(value: unknown): string | string[] {
  if (Array.isArray(value)) return value.map((item) => String(typeof item === 'object' ? JSON.stringify(item) : item));
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

function queryArbitrary(keys: string[]) {
  return fieldRecord(keys).map((record) => Object.fromEntries(Object.entries(record).map(([key, value]) => [key, toQueryValue(value)])));
}

function formEncode(record: Record<string, unknown>): string {
  return Object.entries(record)
    .flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((item) => `${encodeURIComponent(key)}=${encodeURIComponent(toQueryValue(item) as string)}`))
    .join('&');
}

/** Random malformed requests for one call: GETs vary their query, POSTs their body and its type too. */
function malformedRequest(call: AnyCall): fc.Arbitrary<MalformedRequest> {
  const query = fc.oneof(fc.constant({}), queryArbitrary(inputKeys(call.query)));
  if (call.method === 'GET') return query.map((values) => ({ what: 'query', query: values }));
  const bodyKeys = inputKeys(call.body);
  const json = (what: string, body: fc.Arbitrary<unknown>) =>
    fc.record({ query, body }).map(({ query: values, body: value }) => ({
      what,
      query: values,
      contentType: 'application/json',
      payload: JSON.stringify(value) ?? 'null',
    }));
  return fc.oneof(
    json('wrong types and missing fields', fieldRecord(bodyKeys)),
    json('an array instead of an object', fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 })),
    json('a bare JSON value', fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constantFrom(...HUGE_NUMBER_STRINGS))),
    fc.record({ query, body: fieldRecord(bodyKeys) }).map(({ query: values, body }) => ({
      what: 'a form with wrong values',
      query: values,
      contentType: 'application/x-www-form-urlencoded',
      payload: formEncode(body),
    })),
    fc.record({ query, text: fc.string({ maxLength: 60 }) }).map(({ query: values, text }) => ({
      what: 'invalid JSON text',
      query: values,
      contentType: 'application/json',
      payload: `{"${text.replace(/"/g, '')}":`,
    })),
    fc
      .record({ contentType: fc.constantFrom('application/xml', 'text/html', 'image/png', 'application/octet-stream', 'multipart/form-data'), text: fc.string({ maxLength: 60 }) })
      .map(({ contentType, text }) => ({ what: `a ${contentType} body`, query: {}, contentType, payload: text })),
  );
}

/** Requests every call gets, whatever fast-check draws. */
function fixedRequests(call: AnyCall): MalformedRequest[] {
  const keys = inputKeys(call.query).concat(inputKeys(call.body));
  const firstKey = keys[0] ?? 'id';
  const pollutingQuery = { __proto__: 'polluted', 'constructor[prototype][polluted]': 'yes', [firstKey]: ['1', '2'] } as Record<string, string | string[]>;
  if (call.method === 'GET') {
    return [
      { what: 'prototype-pollution query keys and a repeated field', query: pollutingQuery },
      { what: 'an 8 KB field', query: { [firstKey]: 'x'.repeat(8_192) } },
      { what: 'huge numbers', query: Object.fromEntries(keys.map((key) => [key, '9'.repeat(400)])) },
    ];
  }
  const oversized = JSON.stringify({ [firstKey]: 'x'.repeat(BODY_LIMIT_BYTES + 1_024) });
  return [
    { what: 'a body over 64 KB', query: {}, contentType: 'application/json', payload: oversized },
    { what: 'a form over 64 KB', query: {}, contentType: 'application/x-www-form-urlencoded', payload: `${firstKey}=${'x'.repeat(BODY_LIMIT_BYTES + 1_024)}` },
    { what: '__proto__ in JSON', query: {}, contentType: 'application/json', payload: `{"__proto__":{"polluted":"yes"},"${firstKey}":"1"}` },
    { what: 'constructor.prototype in JSON', query: {}, contentType: 'application/json', payload: '{"constructor":{"prototype":{"polluted":"yes"}}}' },
    { what: '__proto__ in a form', query: pollutingQuery, contentType: 'application/x-www-form-urlencoded', payload: '__proto__[polluted]=yes&constructor[prototype][polluted]=yes' },
    { what: 'invalid JSON', query: {}, contentType: 'application/json', payload: '{' },
    { what: 'an empty JSON body', query: {}, contentType: 'application/json', payload: '' },
    { what: 'a JSON array', query: {}, contentType: 'application/json', payload: '[]' },
    { what: 'a text/plain body', query: {}, contentType: 'text/plain', payload: 'hello' },
    { what: 'an XML body', query: {}, contentType: 'application/xml', payload: '<a/>' },
    { what: 'JSON in another charset', query: {}, contentType: 'application/json; charset=utf-16', payload: '{}' },
    { what: 'huge numbers as strings', query: {}, contentType: 'application/json', payload: JSON.stringify(Object.fromEntries(keys.map((key) => [key, '9'.repeat(400)]))) },
  ];
}

let server: TestServer;
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : crypto.randomInt(2 ** 31);
const tally = { requests: 0, refused: 0, calls: 0 };

beforeAll(async () => {
  console.log(`schema fuzz: fast-check seed ${seed} (replay with FUZZ_SEED=${seed})`);
  server = await buildTestServer();
});
afterAll(async () => {
  console.info(`schema fuzz: ${tally.requests} malformed requests to ${tally.calls} calls, ${tally.refused} refused, none answered 5xx or leaked internals`);
  await server.close();
});

/** What a refused call must leave untouched: count and sum of postings, count of transactions. */
async function journal() {
  const row = await server.context.db
    .selectNoFrom([
      sql<bigint>`(select count(*) from ledger_postings)`.as('postings'),
      sql<bigint>`(select coalesce(sum(amount_units), 0) from ledger_postings)`.as('sum'),
      sql<bigint>`(select coalesce(sum(abs(amount_units)), 0) from ledger_postings)`.as('moved'),
      sql<bigint>`(select count(*) from ledger_transactions)`.as('transactions'),
    ])
    .executeTakeFirstOrThrow();
  return { ...row };
}

const STACK_TRACE = /\bat \S+ \(|node_modules|\.ts:\d+:\d+|"stack"/;

async function send(call: AnyCall, user: TestUser, request: MalformedRequest) {
  const headers: Record<string, string> = { ...user.headers, 'idempotency-key': crypto.randomUUID() };
  if (request.contentType) headers['content-type'] = request.contentType;
  const before = await journal();
  const response = await server.app.inject({
    method: call.method,
    url: `${API_PREFIX}${concretePath(call.path)}`,
    query: request.query,
    headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  const context = `${call.method} ${call.path} with ${request.what}: HTTP ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  expect(STACK_TRACE.test(response.body), context).toBe(false);
  const isFile = response.statusCode === 200 && !String(response.headers['content-type'] ?? '').includes('json');
  if (isFile) {
    // A call that answers a file (the captcha image) has no envelope on success; it must still be a file.
    expect(String(response.headers['content-type']), context).toMatch(/^image\//);
    return 'accepted';
  }
  const envelope = JSON.parse(response.body) as { errcode?: unknown; errmsg?: unknown };
  expect(Number.isInteger(envelope.errcode), context).toBe(true);
  if (response.statusCode >= 400) {
    expect(envelope.errcode, context).not.toBe(0);
    expect(typeof envelope.errmsg, context).toBe('string');
  }
  if (response.statusCode === 413) expect(envelope.errcode, context).toBe(413);
  if (response.statusCode === 415) expect(envelope.errcode, context).toBe(415);
  if (response.statusCode === 400) expect(envelope.errcode, context).toBe(400);
  if (envelope.errcode === 0) return 'accepted';
  expect(await journal(), `${context}: a refused call changed the journal`).toEqual(before);
  return 'refused';
}

describe('schema-driven fuzz of every call', () => {
  it('discovers the calls of every api module, the balance calls among them', () => {
    const paths = CALLS.map(([name]) => name);
    expect(paths).toEqual(expect.arrayContaining(['POST /balance/list', 'POST /balance/get', 'GET /balance/get2', 'POST /balance/transfer']));
    expect(Object.keys(API_MODULES).length).toBeGreaterThan(2);
  });

  for (const [name, call] of CALLS) {
    it(`survives malformed input: ${name}`, async () => {
      // Every call defined in the contract must be served; a missing route is a bug, not a skip.
      expect(server.app.hasRoute({ method: call.method, url: `${API_PREFIX}${call.path}` }), `${name} has no route`).toBe(true);
      // A fresh user per call: a call that ends sessions (sign-out) cannot spoil the next call's run.
      const user = await createTestUser(server);
      await creditUser(server, user.userId, 'USDT', '1000');
      await creditUser(server, user.userId, 'BTC', '1', 'futures');
      const outcomes: string[] = [];
      for (const request of fixedRequests(call)) outcomes.push(await send(call, user, request));
      await fc.assert(
        fc.asyncProperty(malformedRequest(call), async (request) => {
          outcomes.push(await send(call, user, request));
        }),
        { seed, numRuns: 40 },
      );
      tally.calls += 1;
      tally.requests += outcomes.length;
      tally.refused += outcomes.filter((outcome) => outcome === 'refused').length;
      const hasInput = inputKeys(call.query).length > 0 || inputKeys(call.body).length > 0;
      if (hasInput || call.method === 'POST') expect(outcomes, `${name} never refused anything`).toContain('refused');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  }
});
