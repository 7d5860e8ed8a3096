// Proves the help desk's server through the real HTTP layer and real sockets: start and resume bound to their owner, the service-code and sign-in rules, history for the owner only, chat text limits with XSS kept as text, images decoded and re-encoded to JPEG with non-images, polyglots and oversize files refused, the operator's list, reply, close, hide and service codes, and chat={ChatId} delivering 'm' to the owner and operators only.
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, randomToken } from '../../../server/core/tokens';
import { SESSION_COOKIE, CSRF_HEADER } from '../../../server/http/session';
import { HELPDESK_MESSAGES, translate } from '../../../server/i18n/messages';
import { recheckSessions } from '../../../server/realtime/server';
import { CHAT_TEXT_LENGTH_MAX, HELPDESK_IMAGE_BYTES_MAX, type ChatSummary, type HelpdeskMessage, type ServiceCode } from '../../../src/shared/api/helpdesk';
import { ERRCODES } from '../../../src/shared/errcodes';
import { LANGUAGES } from '../../../src/shared/languages';
import type { ChatMessage, SubscribeAck } from '../../../src/shared/realtime';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';
import { openTestSocket, SOCKET_WAIT_MS, waitFor, type ClientSocket } from '../../helpers/sockets';
import { startSession, type SessionHeaders } from '../../helpers/signin';
import { multipart } from '../../helpers/multipart';

interface Answer<T = unknown> {
  status: number;
  body: { errcode: number; errmsg?: string; data: T; fields?: Record<string, string> };
}

interface StartData {
  SessionId: string;
  Welcome: string;
  ChatId: string;
  TimeCreated: number;
}

let server: TestServer;
let baseUrl: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await asAdmin('POST', '/operator/settings', { helpDesk: { scRequired: false, authRequired: false }, kvConfigs: { helpDeskWelcome: null } });
});

async function call<T = unknown>(method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: unknown): Promise<Answer<T>> {
  const response = await callApi(server, method, url, { headers, payload });
  return { status: response.statusCode, body: response.json() };
}

function asAdmin<T = unknown>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Answer<T>> {
  return call<T>(method, url, { authorization: `Bearer ${server.context.adminToken}` }, payload);
}

type Caller = SessionHeaders | TestUser;

function start(caller: Caller, body: Record<string, string> = {}, language = 'en') {
  return call<StartData>('POST', '/helpdesk/start', { ...caller.headers, 'accept-language': language }, body);
}

async function started(caller: Caller, body: Record<string, string> = {}): Promise<StartData> {
  const answer = await start(caller, body);
  expect(answer.body.errcode, answer.body.errmsg).toBe(0);
  return answer.body.data;
}

function history(caller: Caller | undefined, id: string) {
  return call<HelpdeskMessage[]>('GET', `/helpdesk/history?id=${encodeURIComponent(id)}`, caller?.headers ?? {});
}

function sendText(caller: Caller, sessionId: string, text: unknown) {
  return call<HelpdeskMessage>('POST', '/helpdesk/text', caller.headers, { sessionId, text });
}

/** A second signed-in session of the same user, as another device would have. */
async function secondSessionOf(user: TestUser): Promise<SessionHeaders> {
  const token = randomToken();
  const csrfToken = randomToken(24);
  const time = server.context.now();
  await server.context.db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_id: user.userId,
      csrf_token: csrfToken,
      created_at: time,
      last_seen_at: time,
      absolute_expires_at: time + server.context.config.sessionAbsoluteMs,
      ip: '127.0.0.1',
      user_agent: 'second device',
      failed_signins: 0,
      captcha_hash: null,
      captcha_expires_at: null,
    })
    .execute();
  const cookie = `${SESSION_COOKIE}=${token}`;
  return { cookie, csrfToken, headers: { cookie, [CSRF_HEADER]: csrfToken } };
}

async function setHelpDesk(helpDesk: { scRequired?: boolean; authRequired?: boolean }): Promise<void> {
  expect((await asAdmin('POST', '/operator/settings', { helpDesk })).body.errcode).toBe(0);
}

async function issueCode(body: Record<string, unknown> = {}): Promise<ServiceCode> {
  const answer = await asAdmin<ServiceCode>('POST', '/operator/helpdesk/servicecodes', body);
  expect(answer.body.errcode, answer.body.errmsg).toBe(0);
  return answer.body.data;
}

async function uploadImage(caller: Caller, sessionId: string, data: Buffer, type: string, filename = 'photo') {
  const { payload, contentType } = multipart([
    { name: 'sessionId', value: sessionId },
    { name: 'image', filename, type, data },
  ]);
  const response = await callApi(server, 'POST', '/helpdesk/image', { as: caller, headers: { 'content-type': contentType }, payload });
  return { status: response.statusCode, body: response.json<Answer<HelpdeskMessage>['body']>() };
}

async function fetchImage(url: string, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'GET', url, headers });
}

async function storedJpegs(): Promise<Buffer[]> {
  const rows = await server.context.db.selectFrom('helpdesk_images').select('jpeg').execute();
  return rows.map((row) => row.jpeg);
}

function isJpeg(bytes: Buffer): boolean {
  return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff && bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9;
}

/** A photo-like image: a gradient, so that the encoders have real work to do. */
function gradient(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      pixels[offset] = (x * 255) / width;
      pixels[offset + 1] = (y * 255) / height;
      pixels[offset + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A valid GIF whose first bytes open a JS comment and whose comment block closes it: a GIF/JS polyglot. */
async function gifScriptPolyglot(): Promise<Buffer> {
  const gif = await gradient(8, 8).gif().toBuffer();
  const screenFlags = gif[10] ?? 0;
  const headerEnd = 13 + (screenFlags & 0x80 ? 3 * 2 ** ((screenFlags & 0x07) + 1) : 0);
  const script = Buffer.from('*/=1;alert(document.domain);/*');
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, script.length]), script, Buffer.from([0x00])]);
  const polyglot = Buffer.concat([gif.subarray(0, headerEnd), comment, gif.subarray(headerEnd)]);
  // The logical screen width 0x2A2F is read by a JS engine as the characters "/*".
  polyglot[6] = 0x2f;
  polyglot[7] = 0x2a;
  return polyglot;
}

function openSocket(headers: Record<string, string> = {}): Promise<ClientSocket> {
  return openTestSocket(baseUrl, headers, sockets);
}

function joinChat(socket: ClientSocket, chatId: string): Promise<SubscribeAck> {
  return socket.timeout(SOCKET_WAIT_MS).emitWithAck('subscribe', { channel: 'chat', chatId });
}

function collect(socket: ClientSocket): ChatMessage[] {
  const messages: ChatMessage[] = [];
  socket.on('m', (message) => messages.push(message));
  return messages;
}

/** Lets pushes in flight arrive, so that "nothing arrived" means nothing was sent. */
async function settle(): Promise<void> {
  await server.app.outbox.drain();
  await new Promise((resolve) => setTimeout(resolve, 150));
}

describe('POST /helpdesk/start', () => {
  it('R-HELP-12 answers SessionId, Welcome and ChatId: two different random ids and a translated welcome', async () => {
    const visitor = await startSession(server);
    const answer = await start(visitor);
    expect(answer.status).toBe(200);
    const { SessionId, ChatId, Welcome, TimeCreated } = answer.body.data;
    expect(SessionId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(ChatId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(SessionId).not.toBe(ChatId);
    expect(Welcome).toBe('Welcome to Exchange support. How can we help you today?');
    expect(Math.abs(TimeCreated - server.context.now())).toBeLessThan(5_000);
    expect((await start(visitor, {}, 'zh')).body.data.Welcome).toBe('欢迎联系 Exchange 客服，请问有什么可以帮您？');
  });

  it('has a real welcome in every language, naming the site', () => {
    for (const language of LANGUAGES) {
      const welcome = translate(HELPDESK_MESSAGES.welcome, language, { name: 'Acme' });
      expect(welcome, language).toContain('Acme');
      if (language !== 'en') expect(welcome, language).not.toBe(translate(HELPDESK_MESSAGES.welcome, 'en', { name: 'Acme' }));
    }
  });

  it('takes the welcome an operator configured, per language first', async () => {
    await asAdmin('POST', '/operator/settings', { kvConfigs: { helpDeskWelcome: 'Hi there', helpDeskWelcome_de: 'Hallo' } });
    const visitor = await startSession(server);
    expect((await start(visitor)).body.data.Welcome).toBe('Hi there');
    expect((await start(visitor, {}, 'de')).body.data.Welcome).toBe('Hallo');
    await asAdmin('POST', '/operator/settings', { kvConfigs: { helpDeskWelcome_de: null } });
  });

  it('R-HELP-06 opens one chat for start calls made at once, for a user and for a visitor', async () => {
    const user = await createTestUser(server);
    const visitor = await startSession(server);
    const { db } = server.context;
    for (const caller of [user, visitor]) {
      const answers = await Promise.all(Array.from({ length: 8 }, () => started(caller)));
      expect(new Set(answers.map((answer) => answer.ChatId)).size).toBe(1);
      expect(new Set(answers.map((answer) => answer.SessionId)).size).toBe(1);
      const chat = await db.selectFrom('helpdesk_chats').select(['user_id', 'owner_session_id']).where('chat_key', '=', answers[0]!.ChatId).executeTakeFirstOrThrow();
      const owned = db.selectFrom('helpdesk_chats').select('id').where('status', '=', 'open');
      const open = chat.user_id === null ? owned.where('user_id', 'is', null).where('owner_session_id', '=', chat.owner_session_id) : owned.where('user_id', '=', chat.user_id);
      expect(await open.execute()).toHaveLength(1);
    }
  });

  it('R-HELP-06 resumes the caller\'s open chat, with or without its SessionId', async () => {
    const visitor = await startSession(server);
    const first = await started(visitor);
    expect(await started(visitor, { sessionId: first.SessionId })).toMatchObject({ SessionId: first.SessionId, ChatId: first.ChatId });
    expect(await started(visitor)).toMatchObject({ SessionId: first.SessionId, ChatId: first.ChatId });
    expect(await started(visitor, { sessionId: 'x'.repeat(32) })).toMatchObject({ SessionId: first.SessionId });
  });

  it('never resumes another visitor\'s or user\'s chat from its SessionId', async () => {
    const owner = await startSession(server);
    const chat = await started(owner);
    const stranger = await startSession(server);
    const strangers = await started(stranger, { sessionId: chat.SessionId });
    expect(strangers.SessionId).not.toBe(chat.SessionId);
    expect(strangers.ChatId).not.toBe(chat.ChatId);
    const user = await createTestUser(server);
    expect((await started(user, { sessionId: chat.SessionId })).SessionId).not.toBe(chat.SessionId);
  });

  it('binds a signed-in user\'s chat to the user, so the user\'s other device resumes it', async () => {
    const user = await createTestUser(server);
    const chat = await started(user);
    const otherDevice = await secondSessionOf(user);
    expect(await started(otherDevice)).toMatchObject({ SessionId: chat.SessionId, ChatId: chat.ChatId });
  });

  it('R-HELP-06 R-HELP-01 requires an issued, unrevoked, unexpired 4-character service code when scRequired is on', async () => {
    await setHelpDesk({ scRequired: true });
    const visitor = await startSession(server);
    const missing = await start(visitor);
    expect(missing.body).toMatchObject({ errcode: ERRCODES.serviceCodeRequired, errmsg: 'Please enter your 4-character service code.' });
    for (const serviceCode of ['ABC', 'ABCDE', 'AB-D', 'ZZZZ']) {
      expect((await start(visitor, { serviceCode })).body.errcode, serviceCode).toBe(ERRCODES.serviceCodeInvalid);
    }
    const issued = await issueCode({ label: 'VIP desk' });
    expect(issued.code).toMatch(/^[A-HJ-NP-Z2-9]{4}$/);
    const chat = await started(visitor, { serviceCode: issued.code.toLowerCase() });

    // Resuming one's own chat needs no code again; a new chat needs a valid one.
    expect(await started(visitor)).toMatchObject({ SessionId: chat.SessionId });
    const list = await asAdmin<ChatSummary[]>('GET', '/operator/helpdesk/chats');
    expect(list.body.data.find((summary) => summary.chatId === chat.ChatId)).toMatchObject({ serviceCode: issued.code, serviceCodeLabel: 'VIP desk' });

    expect((await asAdmin('POST', '/operator/helpdesk/servicecodes/revoke', { code: issued.code })).body.errcode).toBe(0);
    expect((await start(await startSession(server), { serviceCode: issued.code })).body.errcode).toBe(ERRCODES.serviceCodeInvalid);
  });

  it('refuses a service code once its validity has run out', async () => {
    await setHelpDesk({ scRequired: true });
    const code = await issueCode({ code: 'Q7Q7', validDays: 1 });
    expect((await start(await startSession(server), { serviceCode: 'q7q7' })).body.errcode).toBe(0);
    server.advance(24 * 60 * 60 * 1000 + 1);
    const late = await start(await startSession(server), { serviceCode: code.code });
    expect(late.body.errcode).toBe(ERRCODES.serviceCodeInvalid);
  });

  it('needs no code when scRequired is off, yet refuses a given code that is not valid', async () => {
    expect((await start(await startSession(server))).body.errcode).toBe(0);
    expect((await start(await startSession(server), { serviceCode: 'NOPE' })).body.errcode).toBe(ERRCODES.serviceCodeInvalid);
  });

  it('R-HELP-04 answers visitors 401 when the help desk requires sign-in, and serves signed-in users', async () => {
    const visitor = await startSession(server);
    const chat = await started(visitor);
    await setHelpDesk({ authRequired: true });
    expect((await start(visitor)).status).toBe(401);
    expect((await history(visitor, chat.SessionId)).status).toBe(401);
    expect((await sendText(visitor, chat.SessionId, 'hello')).status).toBe(401);
    const user = await createTestUser(server);
    const userChat = await started(user);
    expect((await sendText(user, userChat.SessionId, 'hello')).body.errcode).toBe(0);
  });

  it('refuses a start without the CSRF token', async () => {
    const visitor = await startSession(server);
    const answer = await call('POST', '/helpdesk/start', { cookie: visitor.cookie }, {});
    expect(answer.status).toBe(403);
  });
});

describe('GET /helpdesk/history', () => {
  it('R-HELP-11 answers the owner\'s messages oldest first with every field of spec 3', async () => {
    const user = await createTestUser(server);
    await server.context.db.updateTable('users').set({ real_name: 'Ada Lovelace' }).where('id', '=', BigInt(user.userId)).execute();
    const chat = await started(user);
    await sendText(user, chat.SessionId, 'first');
    await sendText(user, chat.SessionId, 'second');
    const answer = await history(user, chat.SessionId);
    expect(answer.body.errcode).toBe(0);
    expect(answer.body.data.map((message) => message.body)).toEqual(['first', 'second']);
    expect(answer.body.data[0]).toEqual({
      id: expect.any(Number),
      chatId: chat.ChatId,
      type: 1,
      body: 'first',
      fromClient: true,
      visible: true,
      author: 'Ada Lovelace',
      timeCreated: expect.any(Number),
    });
  });

  it('refuses another user, another visitor and a caller without a session alike', async () => {
    const owner = await startSession(server);
    const chat = await started(owner);
    await sendText(owner, chat.SessionId, 'private');
    const refused = [await history(await createTestUser(server), chat.SessionId), await history(await startSession(server), chat.SessionId), await history(undefined, chat.SessionId)];
    for (const answer of refused) {
      expect(answer.body).toMatchObject({ errcode: ERRCODES.chatNotFound });
      expect(JSON.stringify(answer.body)).not.toContain('private');
    }
    // An operator cannot read through the client call either: operators use their own calls.
    const operator = await createTestUser(server, { role: 'operator' });
    expect((await history(operator, chat.SessionId)).body.errcode).toBe(ERRCODES.chatNotFound);
    expect((await history(owner, 'u'.repeat(32))).body.errcode).toBe(ERRCODES.chatNotFound);
    expect((await history(owner, 'not a chat id')).status).toBe(400);
  });

  it('pages back with beforeId', async () => {
    const visitor = await startSession(server);
    const chat = await started(visitor);
    for (const text of ['one', 'two', 'three']) await sendText(visitor, chat.SessionId, text);
    const all = (await history(visitor, chat.SessionId)).body.data;
    const older = await call<HelpdeskMessage[]>('GET', `/helpdesk/history?id=${chat.SessionId}&beforeId=${all[2]?.id}`, visitor.headers);
    expect(older.body.data.map((message) => message.body)).toEqual(['one', 'two']);
  });
});

describe('POST /helpdesk/text', () => {
  it('R-HELP-09 stores the trimmed text and keeps up to two lines', async () => {
    const visitor = await startSession(server);
    const chat = await started(visitor);
    const answer = await sendText(visitor, chat.SessionId, '  hello\r\nworld #12;  ');
    expect(answer.body.errcode).toBe(0);
    expect(answer.body.data).toMatchObject({ type: 1, body: 'hello\nworld #12;', fromClient: true, visible: true, author: '' });
  });

  it('R-HELP-09 refuses empty, three-line, overlong and control-character texts with 400', async () => {
    const visitor = await startSession(server);
    const chat = await started(visitor);
    for (const text of ['', '   \n  ', 'a\nb\nc', 'x'.repeat(CHAT_TEXT_LENGTH_MAX + 1), 'bell\u0007', 42]) {
      const answer = await sendText(visitor, chat.SessionId, text);
      expect(answer.status, JSON.stringify(text)).toBe(400);
      expect(answer.body.fields).toHaveProperty('text');
    }
    expect((await sendText(visitor, chat.SessionId, 'x'.repeat(CHAT_TEXT_LENGTH_MAX))).body.errcode).toBe(0);
    expect((await history(visitor, chat.SessionId)).body.data).toHaveLength(1);
  });

  it('accepts a form-encoded body as the spec client sends it', async () => {
    const visitor = await startSession(server);
    const chat = await started(visitor);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/helpdesk/text?formPage=help',
      headers: { ...visitor.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ sessionId: chat.SessionId, text: 'from a form' }).toString(),
    });
    expect(response.json()).toMatchObject({ errcode: 0, data: { body: 'from a form' } });
  });

  it('keeps an XSS string as text: stored and answered exactly as typed, in JSON', async () => {
    const visitor = await startSession(server);
    const chat = await started(visitor);
    const attack = '<img src=x onerror=alert(1)><script>alert("x")</script>';
    expect((await sendText(visitor, chat.SessionId, attack)).body.data.body).toBe(attack);
    const response = await server.app.inject({ method: 'GET', url: `/api/v1/helpdesk/history?id=${chat.SessionId}`, headers: visitor.headers });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.json<Answer<HelpdeskMessage[]>['body']>().data[0]?.body).toBe(attack);
    const stored = await server.context.db.selectFrom('helpdesk_messages').select('body').where('body', '=', attack).executeTakeFirst();
    expect(stored?.body).toBe(attack);
  });

  it('refuses a stranger\'s SessionId and a closed chat', async () => {
    const owner = await startSession(server);
    const chat = await started(owner);
    expect((await sendText(await startSession(server), chat.SessionId, 'hijack')).body.errcode).toBe(ERRCODES.chatNotFound);
    await asAdmin('POST', '/operator/helpdesk/close', { chatId: chat.ChatId });
    expect((await sendText(owner, chat.SessionId, 'still there?')).body.errcode).toBe(ERRCODES.chatClosed);
    const fresh = await started(owner, { sessionId: chat.SessionId });
    expect(fresh.SessionId).not.toBe(chat.SessionId);
    expect((await history(owner, chat.SessionId)).body.data.some((message) => message.body === 'hijack')).toBe(false);
  });
});

describe('POST /helpdesk/image', () => {
  it('R-HELP-02 accepts a PNG and stores only its JPEG re-encoding, at most 1600 px, served as image/jpeg with nosniff', async () => {
    const visitor = await startSession(server);
    const chat = await started(visitor);
    const png = await gradient(2400, 1200).png().toBuffer();
    const answer = await uploadImage(visitor, chat.SessionId, png, 'image/png', 'photo.png');
    expect(answer.body.errcode, answer.body.errmsg).toBe(0);
    const message = answer.body.data;
    expect(message).toMatchObject({ type: 2, fromClient: true, visible: true });
    expect(message.body).toMatch(/^\/api\/v1\/helpdesk\/image\/[A-Za-z0-9_-]{24}$/);

    const served = await fetchImage(message.body, visitor.headers);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(isJpeg(served.rawPayload)).toBe(true);
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1600, 800]);
    expect((await storedJpegs()).some((jpeg) => jpeg.equals(served.rawPayload))).toBe(true);
    expect((await history(visitor, chat.SessionId)).body.data.at(-1)).toEqual(message);
  });

  it('accepts an upload of megabytes, far above the 64 KB body limit of the other calls', async () => {
    const visitor = await startSession(server);
    const chat = await started(visitor);
    // Seeded noise (xorshift32) barely compresses, and is the same bytes on every run.
    const noise = Buffer.alloc(1200 * 900 * 3);
    let state = 0x9e3779b9;
    for (let index = 0; index < noise.length; index += 1) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      noise[index] = state & 0xff;
    }
    const png = await sharp(noise, { raw: { width: 1200, height: 900, channels: 3 } }).png().toBuffer();
    expect(png.length).toBeGreaterThan(2 * 1024 * 1024);
    const answer = await uploadImage(visitor, chat.SessionId, png, 'image/png');
    expect(answer.body.errcode, answer.body.errmsg).toBe(0);
  });

  it('accepts a JPEG, keeps a small one at its size and drops its EXIF metadata', async () => {
    const visitor = await startSession(server);
    const chat = await started(visitor);
    const jpeg = await gradient(640, 480).jpeg({ quality: 25 }).withExif({ IFD0: { Copyright: 'secret-location-41.40338' } }).toBuffer();
    expect(jpeg.toString('latin1')).toContain('secret-location');
    const answer = await uploadImage(visitor, chat.SessionId, jpeg, 'image/jpeg', 'photo.jpg');
    expect(answer.body.errcode, answer.body.errmsg).toBe(0);
    const served = (await fetchImage(answer.body.data.body, visitor.headers)).rawPayload;
    expect(served.equals(jpeg)).toBe(false);
    expect(served.toString('latin1')).not.toContain('secret-location');
    const metadata = await sharp(served).metadata();
    expect([metadata.width, metadata.height, metadata.exif]).toEqual([640, 480, undefined]);
  });

  it('refuses a text file named .png, a type that is not the file\'s, and an unsupported format with "Invalid image."', async () => {
    const visitor = await startSession(server);
    const chat = await started(visitor);
    const jpeg = await gradient(64, 64).jpeg().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cases: [Buffer, string][] = [
      [Buffer.from('just some text, not an image at all\n'), 'image/png'],
      [jpeg, 'image/png'],
      [svg, 'image/svg+xml'],
      [await gradient(64, 64).tiff().toBuffer(), 'image/tiff'],
      [(await gradient(64, 64).png().toBuffer()).subarray(0, 200), 'image/png'],
    ];
    for (const [data, type] of cases) {
      const answer = await uploadImage(visitor, chat.SessionId, data, type, 'photo.png');
      expect(answer.body, type).toMatchObject({ errcode: ERRCODES.invalidImage, errmsg: 'Invalid image.' });
    }
    expect(await history(visitor, chat.SessionId)).toMatchObject({ body: { data: [] } });
  });

  it('refuses polyglots: HTML after a PNG\'s end, script in a JPEG comment', async () => {
    const visitor = await startSession(server);
    const chat = await started(visitor);
    const before = (await storedJpegs()).length;
    const png = await gradient(32, 32).png().toBuffer();
    const pngWithPage = Buffer.concat([png, Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);
    const jpeg = await gradient(32, 32).jpeg().toBuffer();
    const commentText = Buffer.from('<script>alert(1)</script>');
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, commentText.length + 2]), commentText]);
    const jpegWithScript = Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2)]);
    const jpegWithTrailer = Buffer.concat([jpeg, Buffer.from('/*trailing bytes*/')]);
    for (const [data, type] of [[pngWithPage, 'image/png'], [jpegWithScript, 'image/jpeg'], [jpegWithTrailer, 'image/jpeg']] as const) {
      expect((await uploadImage(visitor, chat.SessionId, data, type)).body.errcode).toBe(ERRCODES.invalidImage);
    }
    expect((await storedJpegs()).length).toBe(before);
  });

  it('neutralises a GIF/JS polyglot by re-encoding: the served bytes are a JPEG without the script', async () => {
    const visitor = await startSession(server);
    const chat = await started(visitor);
    const polyglot = await gifScriptPolyglot();
    expect(polyglot.subarray(0, 8).toString('latin1')).toBe('GIF89a/*');
    expect(polyglot.toString('latin1')).toContain('alert(document.domain)');
    expect((await sharp(polyglot).metadata()).format).toBe('gif');

    const answer = await uploadImage(visitor, chat.SessionId, polyglot, 'image/gif', 'cat.gif');
    expect(answer.body.errcode, answer.body.errmsg).toBe(0);
    const served = await fetchImage(answer.body.data.body, visitor.headers);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(isJpeg(served.rawPayload)).toBe(true);
    const text = served.rawPayload.toString('latin1');
    for (const fragment of ['alert', 'GIF89a', '*/=1', 'document']) expect(text).not.toContain(fragment);
    expect((await sharp(served.rawPayload).metadata()).width).toBeLessThanOrEqual(1600);
  });

  it(`refuses a file over ${HELPDESK_IMAGE_BYTES_MAX / 1024 / 1024} MB and an image of too many pixels`, async () => {
    const visitor = await startSession(server);
    const chat = await started(visitor);
    const oversize = Buffer.concat([await gradient(16, 16).png().toBuffer(), Buffer.alloc(HELPDESK_IMAGE_BYTES_MAX)]);
    const answer = await uploadImage(visitor, chat.SessionId, oversize, 'image/png');
    expect(answer.body).toMatchObject({ errcode: ERRCODES.imageTooLarge, errmsg: 'The image is too large. The limit is 5 MB.' });
    const bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#808080' } }).png().toBuffer();
    expect(bomb.length).toBeLessThan(HELPDESK_IMAGE_BYTES_MAX);
    expect((await uploadImage(visitor, chat.SessionId, bomb, 'image/png')).body.errcode).toBe(ERRCODES.invalidImage);
  });

  it('refuses an upload to a stranger\'s chat, a missing image part and a non-multipart body', async () => {
    const owner = await startSession(server);
    const chat = await started(owner);
    const png = await gradient(16, 16).png().toBuffer();
    expect((await uploadImage(await startSession(server), chat.SessionId, png, 'image/png')).body.errcode).toBe(ERRCODES.chatNotFound);
    const { payload, contentType } = multipart([{ name: 'sessionId', value: chat.SessionId }]);
    const noImage = await server.app.inject({ method: 'POST', url: '/api/v1/helpdesk/image', headers: { ...owner.headers, 'content-type': contentType }, payload });
    expect(noImage.statusCode).toBe(400);
    const json = await call('POST', '/helpdesk/image', owner.headers, { sessionId: chat.SessionId });
    expect(json.status).toBe(400);
    const noSession = await uploadImage(owner, 'short', png, 'image/png');
    expect(noSession.status).toBe(400);
    const full = multipart([{ name: 'sessionId', value: chat.SessionId }, { name: 'image', filename: 'a.png', type: 'image/png', data: png }]);
    for (const [contentType, payload] of [
      ['multipart/form-data', full.payload],
      [full.contentType, full.payload.subarray(0, full.payload.length - 40)],
    ] as const) {
      const malformed = await server.app.inject({ method: 'POST', url: '/api/v1/helpdesk/image', headers: { ...owner.headers, 'content-type': contentType }, payload });
      expect(malformed.statusCode, contentType).toBe(400);
    }
  });

  it('keeps multipart parsing to the image call: other calls still refuse multipart bodies', async () => {
    const visitor = await startSession(server);
    const chat = await started(visitor);
    const { payload, contentType } = multipart([{ name: 'sessionId', value: chat.SessionId }, { name: 'text', value: 'via multipart' }]);
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/helpdesk/text', headers: { ...visitor.headers, 'content-type': contentType }, payload });
    expect(response.statusCode).toBe(415);
  });

  it('serves an image to its owner and operators only, and not to its owner once hidden', async () => {
    const owner = await startSession(server);
    const chat = await started(owner);
    const answer = await uploadImage(owner, chat.SessionId, await gradient(16, 16).png().toBuffer(), 'image/png');
    const url = answer.body.data.body;
    const operator = await createTestUser(server, { role: 'operator' });
    expect((await fetchImage(url, owner.headers)).statusCode).toBe(200);
    expect((await fetchImage(url, operator.headers)).statusCode).toBe(200);
    expect((await fetchImage(url, (await startSession(server)).headers)).statusCode).toBe(404);
    expect((await fetchImage(url, (await createTestUser(server)).headers)).statusCode).toBe(404);
    expect((await fetchImage(url)).statusCode).toBe(404);
    expect((await fetchImage('/api/v1/helpdesk/image/not-a-real-name-at-all')).statusCode).toBe(404);

    await asAdmin('POST', '/operator/helpdesk/hide', { messageId: answer.body.data.id });
    expect((await fetchImage(url, owner.headers)).statusCode).toBe(404);
    expect((await fetchImage(url, operator.headers)).statusCode).toBe(200);
  });
});

describe('operator calls', () => {
  it('are refused to visitors with 401 and to users with operatorOnly', async () => {
    const visitor = await startSession(server);
    expect((await call('GET', '/operator/helpdesk/chats', visitor.headers)).status).toBe(401);
    const user = await createTestUser(server);
    const chat = await started(user);
    expect((await call('GET', '/operator/helpdesk/chats', user.headers)).body.errcode).toBe(ERRCODES.operatorOnly);
    expect((await call('POST', '/operator/helpdesk/reply', user.headers, { chatId: chat.ChatId, text: 'fake' })).body.errcode).toBe(ERRCODES.operatorOnly);
    expect((await call('POST', '/operator/helpdesk/servicecodes', user.headers, {})).body.errcode).toBe(ERRCODES.operatorOnly);
  });

  it('list open chats, read one, reply, and the reply reaches the client\'s history', async () => {
    const user = await createTestUser(server);
    const chat = await started(user);
    await sendText(user, chat.SessionId, 'My deposit is missing');
    const operator = await createTestUser(server, { role: 'operator' });

    const list = await call<ChatSummary[]>('GET', '/operator/helpdesk/chats', operator.headers);
    const summary = list.body.data.find((item) => item.chatId === chat.ChatId);
    expect(summary).toMatchObject({ userId: user.userId, contact: user.email, status: 'open', language: 'en', lastMessage: { body: 'My deposit is missing' } });
    expect(list.body.data.every((item) => item.status === 'open')).toBe(true);

    const reply = await call<HelpdeskMessage>('POST', '/operator/helpdesk/reply', operator.headers, { chatId: chat.ChatId, text: 'Let me check.' });
    expect(reply.body.data).toMatchObject({ type: 1, body: 'Let me check.', fromClient: false, author: 'Exchange', chatId: chat.ChatId });
    const signed = await asAdmin<HelpdeskMessage>('POST', '/operator/helpdesk/reply', { chatId: chat.ChatId, text: 'Found it.', author: 'Mia' });
    expect(signed.body.data.author).toBe('Mia');

    const read = await call<{ chat: ChatSummary; messages: HelpdeskMessage[] }>('GET', `/operator/helpdesk/chat?id=${chat.ChatId}`, operator.headers);
    expect(read.body.data.messages.map((message) => [message.fromClient, message.body])).toEqual([
      [true, 'My deposit is missing'],
      [false, 'Let me check.'],
      [false, 'Found it.'],
    ]);
    expect((await history(user, chat.SessionId)).body.data.map((message) => message.body)).toEqual(['My deposit is missing', 'Let me check.', 'Found it.']);
    expect((await asAdmin('GET', `/operator/helpdesk/chat?id=${'n'.repeat(22)}`)).body.errcode).toBe(ERRCODES.chatNotFound);
  });

  it('close a chat: it leaves the open list, refuses replies, and the client starts anew', async () => {
    const visitor = await startSession(server);
    const chat = await started(visitor);
    const closed = await asAdmin<ChatSummary>('POST', '/operator/helpdesk/close', { chatId: chat.ChatId });
    expect(closed.body.data.status).toBe('closed');
    const open = await asAdmin<ChatSummary[]>('GET', '/operator/helpdesk/chats?max=100');
    expect(open.body.data.some((item) => item.chatId === chat.ChatId)).toBe(false);
    const all = await asAdmin<ChatSummary[]>('GET', '/operator/helpdesk/chats?status=closed');
    expect(all.body.data.some((item) => item.chatId === chat.ChatId)).toBe(true);
    expect((await asAdmin('POST', '/operator/helpdesk/reply', { chatId: chat.ChatId, text: 'late' })).body.errcode).toBe(ERRCODES.chatClosed);
    expect((await started(visitor)).ChatId).not.toBe(chat.ChatId);
  });

  it('hide a message: the client\'s history leaves it out, the operator still reads it', async () => {
    const visitor = await startSession(server);
    const chat = await started(visitor);
    const sent = await sendText(visitor, chat.SessionId, 'my password is hunter2');
    const hidden = await asAdmin<HelpdeskMessage>('POST', '/operator/helpdesk/hide', { messageId: sent.body.data.id });
    expect(hidden.body.data).toMatchObject({ visible: false, body: 'my password is hunter2' });
    expect((await history(visitor, chat.SessionId)).body.data).toEqual([]);
    const read = await asAdmin<{ messages: HelpdeskMessage[] }>('GET', `/operator/helpdesk/chat?id=${chat.ChatId}`);
    expect(read.body.data.messages[0]).toMatchObject({ visible: false, body: 'my password is hunter2' });
    expect((await asAdmin('POST', '/operator/helpdesk/hide', { messageId: 999_999_999 })).body.errcode).toBe(ERRCODES.chatMessageNotFound);
  });

  it('issue, list and revoke service codes; a code is never issued twice', async () => {
    const chosen = await issueCode({ code: 'ab12', label: 'Phone line' });
    expect(chosen).toMatchObject({ code: 'AB12', label: 'Phone line', active: true, expiresAt: null, revokedAt: null });
    expect((await asAdmin('POST', '/operator/helpdesk/servicecodes', { code: 'AB12' })).body.errcode).toBe(ERRCODES.serviceCodeExists);
    expect((await asAdmin('POST', '/operator/helpdesk/servicecodes', { code: 'TOOLONG' })).status).toBe(400);
    const listed = await asAdmin<ServiceCode[]>('GET', '/operator/helpdesk/servicecodes');
    expect(listed.body.data.map((code) => code.code)).toContain('AB12');
    const revoked = await asAdmin<ServiceCode>('POST', '/operator/helpdesk/servicecodes/revoke', { code: 'ab12' });
    expect(revoked.body.data).toMatchObject({ code: 'AB12', active: false, revokedAt: expect.any(Number) });
    expect((await asAdmin<ServiceCode[]>('GET', '/operator/helpdesk/servicecodes')).body.data.map((code) => code.code)).not.toContain('AB12');
    expect((await asAdmin<ServiceCode[]>('GET', '/operator/helpdesk/servicecodes?all=true')).body.data.map((code) => code.code)).toContain('AB12');
    expect((await asAdmin('POST', '/operator/helpdesk/servicecodes', { code: 'AB12' })).body.errcode).toBe(ERRCODES.serviceCodeExists);
    expect((await asAdmin('POST', '/operator/helpdesk/servicecodes/revoke', { code: 'ZZ99' })).body.errcode).toBe(ERRCODES.serviceCodeInvalid);
  });
});

describe('socket chat={ChatId}', () => {
  it('R-HELP-13 delivers event m to the owner for its own messages and for operator replies', async () => {
    const visitor = await startSession(server);
    const chat = await started(visitor);
    const socket = await openSocket({ cookie: visitor.cookie });
    expect(await joinChat(socket, chat.ChatId)).toEqual({ ok: true, channel: `chat=${chat.ChatId}` });
    const received = collect(socket);

    const own = await sendText(visitor, chat.SessionId, 'hello?');
    const reply = await asAdmin<HelpdeskMessage>('POST', '/operator/helpdesk/reply', { chatId: chat.ChatId, text: 'Hello! <b>not bold</b>' });
    await waitFor(() => received.length >= 2, 'two chat messages');
    expect(received.map((message) => message.id)).toEqual([own.body.data.id, reply.body.data.id]);
    expect(received[1]).toEqual(reply.body.data);
  });

  it('lets a signed-in owner join and refuses strangers, visitors and anonymous sockets', async () => {
    const owner = await createTestUser(server);
    const chat = await started(owner);
    const ownerSocket = await openSocket({ cookie: owner.cookie });
    expect((await joinChat(ownerSocket, chat.ChatId)).ok).toBe(true);

    const strangers = [
      await openSocket({ cookie: (await createTestUser(server)).cookie }),
      await openSocket({ cookie: (await startSession(server)).cookie }),
      await openSocket(),
    ];
    const leaked = strangers.flatMap((socket) => collect(socket));
    for (const socket of strangers) expect(await joinChat(socket, chat.ChatId)).toEqual({ ok: false, errcode: ERRCODES.chatNotFound });
    const malformed = await strangers[0]!.timeout(SOCKET_WAIT_MS).emitWithAck('subscribe', { channel: 'chat', chatId: 'x' } as never);
    expect(malformed).toEqual({ ok: false, errcode: ERRCODES.invalidFields });

    await sendText(owner, chat.SessionId, 'for my eyes and the desk only');
    await settle();
    expect(leaked).toEqual([]);
  });

  it('lets an operator join any chat and the helpdesk channel; a user may not join helpdesk', async () => {
    const visitor = await startSession(server);
    const chat = await started(visitor);
    const operator = await createTestUser(server, { role: 'operator' });
    const operatorSocket = await openSocket({ cookie: operator.cookie });
    expect((await joinChat(operatorSocket, chat.ChatId)).ok).toBe(true);
    expect(await operatorSocket.timeout(SOCKET_WAIT_MS).emitWithAck('subscribe', { channel: 'helpdesk' })).toEqual({ ok: true, channel: 'helpdesk' });
    const userSocket = await openSocket({ cookie: (await createTestUser(server)).cookie });
    expect(await userSocket.timeout(SOCKET_WAIT_MS).emitWithAck('subscribe', { channel: 'helpdesk' })).toEqual({ ok: false, errcode: ERRCODES.operatorOnly });

    const received = collect(operatorSocket);
    const otherVisitor = await startSession(server);
    const other = await started(otherVisitor);
    const sent = await sendText(visitor, chat.SessionId, 'watched chat');
    const elsewhere = await sendText(otherVisitor, other.SessionId, 'a chat nobody joined');
    await waitFor(() => received.some((message) => message.id === elsewhere.body.data.id), 'the other chat message');
    await settle();
    // The watched chat's message is in both of the operator's rooms, and still arrives once.
    expect(received.filter((message) => message.id === sent.body.data.id)).toHaveLength(1);
    expect(received.find((message) => message.id === elsewhere.body.data.id)).toMatchObject({ chatId: other.ChatId });
  });

  it('pushes a hidden message with an empty body, and drops a visitor socket from its chat when the session ends', async () => {
    const visitor = await startSession(server);
    const chat = await started(visitor);
    const socket = await openSocket({ cookie: visitor.cookie });
    await joinChat(socket, chat.ChatId);
    const received = collect(socket);
    const sent = await sendText(visitor, chat.SessionId, 'oops, my card number');
    await asAdmin('POST', '/operator/helpdesk/hide', { messageId: sent.body.data.id });
    await waitFor(() => received.length >= 2, 'the message and its hiding');
    expect(received.at(-1)).toMatchObject({ id: sent.body.data.id, visible: false, body: '' });

    const sessionId = (await server.context.db.selectFrom('helpdesk_chats').select('owner_session_id').where('chat_key', '=', chat.ChatId).executeTakeFirstOrThrow()).owner_session_id;
    await server.context.db.deleteFrom('sessions').where('id', '=', sessionId ?? '').execute();
    await recheckSessions(server.app, server.app.realtime, server.app.engine);
    expect(server.app.realtime.sockets.adapter.rooms.get(`chat=${chat.ChatId}`)).toBeUndefined();
    await asAdmin('POST', '/operator/helpdesk/reply', { chatId: chat.ChatId, text: 'after the session' });
    await settle();
    expect(received.some((message) => message.body === 'after the session')).toBe(false);
    expect(socket.connected).toBe(true);
  });
});
