// Proves identity verification, the avatar and bank accounts through the real HTTP layer: a submission with three re-encoded images moves the status 0 -> 1 -> 2 -> 3 or 4 as operators open and decide it, one waits at a time, approval raises verifiedLevel and sets the real name, the user is notified, images reach only their owner and operators, avatars are cropped and replace the last one, and a bank account is its owner's alone.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotifications } from '../../../server/modules/notification/service';
import type { Profile } from '../../../src/shared/api/account';
import { PAYMENT_ACCOUNTS_MAX, type IdentityDetail, type OperatorIdentity, type PaymentAccount } from '../../../src/shared/api/identity';
import type { Notification } from '../../../src/shared/api/notification';
import { IDENTITY_STATUS, NOTIFICATION_TYPE } from '../../../src/shared/constants';
import { ERRCODES } from '../../../src/shared/errcodes';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { multipart, type MultipartPart } from '../../helpers/multipart';
import { buildTestServer, type TestServer } from '../../helpers/server';

interface Body<T> {
  errcode: number;
  errmsg?: string;
  data: T;
  fields?: Record<string, string>;
}

let server: TestServer;
let png: Buffer;

beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
  png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#3366aa' } }).png().toBuffer();
});
afterAll(async () => {
  await server.close();
});

const admin = () => ({ headers: { authorization: `Bearer ${server.context.adminToken}` } });

async function call<T = unknown>(method: 'GET' | 'POST', url: string, as: { headers: Record<string, string> } | null, payload?: unknown): Promise<Body<T>> {
  return (await callApi(server, method, url, { as, payload })).json<Body<T>>();
}

async function upload<T>(url: string, as: TestUser, parts: MultipartPart[]): Promise<{ status: number; body: Body<T> }> {
  const { payload, contentType } = multipart(parts);
  const response = await callApi(server, 'POST', url, { as, headers: { 'content-type': contentType }, payload });
  return { status: response.statusCode, body: response.json<Body<T>>() };
}

function documentParts(images: Partial<Record<'front' | 'back' | 'selfie', Buffer>> = {}, fields: Record<string, string> = {}): MultipartPart[] {
  return [
    { name: 'realName', value: fields.realName ?? 'Ana María Núñez' },
    { name: 'documentType', value: fields.documentType ?? 'passport' },
    { name: 'documentNumber', value: fields.documentNumber ?? 'X1234 5678' },
    ...(['front', 'back', 'selfie'] as const).map((side) => ({ name: side, filename: `${side}.png`, type: 'image/png', data: images[side] ?? png })),
  ];
}

const submit = (user: TestUser, parts = documentParts()) => upload<IdentityDetail>('/identityverification', user, parts);
const status = async (user: TestUser) => (await call<number>('GET', '/identityverification', user)).data;
const queue = async () => (await call<OperatorIdentity[]>('GET', '/operator/identity', admin())).data;
const decide = (id: number, body: unknown, as: { headers: Record<string, string> } = admin()) =>
  call<OperatorIdentity>('POST', `/operator/identity/decide?id=${id}`, as, body);

async function submitted(user: TestUser): Promise<IdentityDetail> {
  const answer = await submit(user);
  expect(answer.body.errcode, answer.body.errmsg).toBe(0);
  return answer.body.data;
}

function fetchImage(url: string, as: { headers: Record<string, string> } | null) {
  return server.app.inject({ method: 'GET', url, headers: as?.headers ?? {} });
}

describe('POST /identityverification', () => {
  it('R-ENT-05 R-API-02 stores the submission with JPEG re-encodings of its three images and answers status 1', async () => {
    const user = await createTestUser(server);
    expect(await status(user)).toBe(IDENTITY_STATUS.none);
    const detail = await submitted(user);
    expect(detail.status).toBe(IDENTITY_STATUS.created);
    expect(detail.submission).toMatchObject({ realName: 'Ana María Núñez', documentType: 'passport', documentNumber: '*****5678', status: 1, rejectReason: null });
    expect(await status(user)).toBe(IDENTITY_STATUS.created);
    for (const url of Object.values(detail.submission!.images)) {
      const served = await fetchImage(url, user);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
    }
  });

  it('keeps one submission waiting at a time, also when two arrive together', async () => {
    const user = await createTestUser(server);
    const answers = await Promise.all([submit(user), submit(user)]);
    expect(answers.map((answer) => answer.body.errcode).sort()).toEqual([0, ERRCODES.identityPending]);
    expect((await submit(user)).body).toMatchObject({ errcode: ERRCODES.identityPending, errmsg: expect.stringContaining('under review') });
  });

  it('R-VAL-08 refuses a file that is not an image, a missing image, a bad name and a malformed document number', async () => {
    const user = await createTestUser(server);
    const notImage = await submit(user, documentParts({ back: Buffer.from('<html><script>alert(1)</script></html>') }));
    expect(notImage.body).toMatchObject({ errcode: ERRCODES.invalidImage, errmsg: 'Invalid image.' });
    const missing = await submit(user, documentParts().filter((part) => part.name !== 'selfie'));
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('selfie');
    const badName = await submit(user, documentParts({}, { realName: '<b>x</b>' }));
    expect(badName.status).toBe(400);
    expect(badName.body.fields).toHaveProperty('realName');
    expect((await submit(user, documentParts({}, { documentNumber: '12' }))).body.errcode).toBe(ERRCODES.documentNumberInvalid);
    const bomb = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#000' } }).png().toBuffer();
    expect((await submit(user, documentParts({ front: bomb }))).body.errcode).toBe(ERRCODES.invalidImage);
    expect(await status(user)).toBe(IDENTITY_STATUS.none);
  });

  it('serves the images to their owner and operators only, never to another user or a visitor', async () => {
    const owner = await createTestUser(server);
    const stranger = await createTestUser(server);
    const operator = await createTestUser(server, { role: 'operator' });
    const url = (await submitted(owner)).submission!.images.selfie;
    expect((await fetchImage(url, owner)).statusCode).toBe(200);
    expect((await fetchImage(url, operator)).statusCode).toBe(200);
    expect((await fetchImage(url, admin())).statusCode).toBe(200);
    expect((await fetchImage(url, stranger)).statusCode).toBe(404);
    expect((await fetchImage(url, null)).statusCode).toBe(404);
    const detail = await call<IdentityDetail>('GET', '/identityverification/detail', stranger);
    expect(detail.data.submission).toBeNull();
  });
});

describe('operator review', () => {
  it('R-ENT-05 R-STATE-07 opens (2), rejects with a reason the user reads (3), takes a new submission and approves it (4) with the level raised and the name set', async () => {
    const user = await createTestUser(server);
    const operator = await createTestUser(server, { role: 'operator' });
    const first = (await submitted(user)).submission!;
    const waiting = (await queue()).find((entry) => entry.id === first.id);
    expect(waiting).toMatchObject({ userId: user.userId, contact: user.email, documentNumber: 'X12345678', status: 1 });

    const opened = await call<OperatorIdentity>('POST', `/operator/identity/review?id=${first.id}`, operator);
    expect(opened.data).toMatchObject({ status: IDENTITY_STATUS.reviewing, reviewStartedAt: expect.any(Number) });
    expect(await status(user)).toBe(IDENTITY_STATUS.reviewing);

    const rejected = await decide(first.id, { decision: 'reject', reason: 'The photo of the back is blurred.' }, operator);
    expect(rejected.data.status).toBe(IDENTITY_STATUS.rejected);
    expect(await status(user)).toBe(IDENTITY_STATUS.rejected);
    const detail = await call<IdentityDetail>('GET', '/identityverification/detail', user);
    expect(detail.data.submission).toMatchObject({ status: 3, rejectReason: 'The photo of the back is blurred.' });
    expect((await decide(first.id, { decision: 'approve' })).errcode).toBe(ERRCODES.identityAlreadyDecided);
    const audit = await server.context.db.selectFrom('identity_submissions').selectAll().where('id', '=', BigInt(first.id)).executeTakeFirstOrThrow();
    expect(Number(audit.decided_by_user_id)).toBe(operator.userId);
    expect(Number(audit.reviewer_user_id)).toBe(operator.userId);

    const second = (await submitted(user)).submission!;
    const approved = await decide(second.id, { decision: 'approve', level: 2 });
    expect(approved.data.status).toBe(IDENTITY_STATUS.approved);
    expect(await status(user)).toBe(IDENTITY_STATUS.approved);
    const profile = (await call<Profile>('POST', '/account/profile', user)).data;
    expect(profile).toMatchObject({ realName: 'Ana María Núñez', verifiedLevel: 2 });
    expect(profile.verifiedLevel).toBeGreaterThanOrEqual(profile.requiredIDLevel);
    expect((await submit(user)).body.errcode).toBe(ERRCODES.identityAlreadyVerified);
    expect((await queue()).some((entry) => entry.userId === user.userId)).toBe(false);

    const notifications = (await call<Notification[]>('POST', '/notification/list', user)).data;
    expect(notifications.map((notification) => notification.message)).toEqual(
      expect.arrayContaining(['Your identity is verified. Thank you!', expect.stringContaining('The photo of the back is blurred.')]),
    );
  });

  it('R-ENT-05 an approval below a level the site requires later is not enough: the user sends again and the next approval raises the level', async () => {
    const user = await createTestUser(server);
    expect((await decide((await submitted(user)).submission!.id, { decision: 'approve' })).errcode).toBe(0);
    expect((await submit(user)).body.errcode).toBe(ERRCODES.identityAlreadyVerified);
    expect((await call('POST', '/operator/settings', admin(), { requiredIDLevel: 3 })).errcode).toBe(0);
    try {
      const again = (await submitted(user)).submission!;
      expect((await decide(again.id, { decision: 'approve' })).errcode).toBe(0);
      const profile = (await call<Profile>('POST', '/account/profile', user)).data;
      expect(profile).toMatchObject({ verifiedLevel: 3, requiredIDLevel: 3 });
    } finally {
      await call('POST', '/operator/settings', admin(), { requiredIDLevel: 1 });
    }
  });

  it('20 concurrent approvals and rejections of one submission: one decision, one notification, the others hear identityAlreadyDecided', async () => {
    const user = await createTestUser(server);
    const id = (await submitted(user)).submission!.id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => decide(id, index % 2 === 0 ? { decision: 'approve' } : { decision: 'reject', reason: 'Blurred.' })),
    );
    expect(answers.filter((answer) => answer.errcode === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.errcode === ERRCODES.identityAlreadyDecided)).toHaveLength(19);
    const notifications = (await call<Notification[]>('POST', '/notification/list', user)).data;
    expect(notifications).toHaveLength(1);
    expect([IDENTITY_STATUS.approved, IDENTITY_STATUS.rejected]).toContain(await status(user));
  });

  it('refuses the queue and decisions to a user who is not an operator, and an unknown submission', async () => {
    const user = await createTestUser(server);
    const id = (await submitted(user)).submission!.id;
    expect((await call('GET', '/operator/identity', user)).errcode).toBe(ERRCODES.operatorOnly);
    expect((await decide(id, { decision: 'approve' }, user)).errcode).toBe(ERRCODES.operatorOnly);
    expect(await status(user)).toBe(IDENTITY_STATUS.created);
    expect((await decide(999_999, { decision: 'approve' })).errcode).toBe(ERRCODES.identitySubmissionNotFound);
    expect((await callApi(server, 'POST', `/operator/identity/decide?id=${id}`, { as: admin(), payload: { decision: 'reject', reason: '' } })).statusCode).toBe(400);
  });
});

describe('POST /account/avatar', () => {
  it('stores a square re-encoding, points the profile at it, serves it and drops the previous one', async () => {
    const user = await createTestUser(server);
    const other = await createTestUser(server);
    const first = await upload<{ avatarUrl: string }>('/account/avatar', user, [{ name: 'image', filename: 'me.png', type: 'image/png', data: png }]);
    expect(first.body.errcode, first.body.errmsg).toBe(0);
    const url = first.body.data.avatarUrl;
    expect(url).toMatch(/^\/api\/image\/avatar\/[\w-]{24}$/);
    expect((await call<Profile>('POST', '/account/profile', user)).data.avatarUrl).toBe(url);
    const served = await fetchImage(url, null);
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 256, height: 256 });

    // Another user's upload changes their own avatar only.
    await upload('/account/avatar', other, [{ name: 'image', filename: 'x.png', type: 'image/png', data: png }]);
    expect((await call<Profile>('POST', '/account/profile', user)).data.avatarUrl).toBe(url);

    const second = await upload<{ avatarUrl: string }>('/account/avatar', user, [{ name: 'image', filename: 'me.png', type: 'image/png', data: png }]);
    expect(second.body.data.avatarUrl).not.toBe(url);
    expect((await fetchImage(url, null)).statusCode).toBe(404);
    const refused = await upload('/account/avatar', user, [{ name: 'image', filename: 'a.png', type: 'image/png', data: Buffer.from('not an image') }]);
    expect(refused.body.errcode).toBe(ERRCODES.invalidImage);
    expect((await upload('/account/avatar', { ...user, headers: {} } as TestUser, [{ name: 'image', filename: 'a.png', type: 'image/png', data: png }])).status).toBe(401);
  });
});

describe('bank accounts', () => {
  const add = (user: TestUser, body: Record<string, string>) =>
    call<PaymentAccount>('POST', '/bankaccount', user, { holderName: 'Lee Min', bankName: 'Demo Bank', accountNumber: 'DE89 3704 0044 0532 0130 00', ...body });

  it('R-API-02 adds, lists, queries and deletes the owner\'s accounts; another user\'s id answers not found', async () => {
    const owner = await createTestUser(server);
    const stranger = await createTestUser(server);
    const added = await add(owner, {});
    expect(added.errcode, added.errmsg).toBe(0);
    expect(added.data).toMatchObject({ kind: 'bank', holderName: 'Lee Min', bankName: 'Demo Bank', accountNumber: 'DE89370400440532013000' });
    const id = added.data.id;
    expect((await call<PaymentAccount[]>('GET', '/bankaccount/list?id=bank', owner)).data.map((account) => account.id)).toEqual([id]);
    expect((await call<PaymentAccount>('GET', `/bankaccount/query?id=${id}`, owner)).data.id).toBe(id);

    expect((await call('GET', `/bankaccount/query?id=${id}`, stranger)).errcode).toBe(ERRCODES.bankAccountNotFound);
    expect((await call('POST', `/bankaccount/delete?id=${id}`, stranger)).errcode).toBe(ERRCODES.bankAccountNotFound);
    expect((await call<PaymentAccount[]>('GET', '/bankaccount/list?id=bank', stranger)).data).toEqual([]);

    expect((await add(owner, {})).errcode).toBe(ERRCODES.bankAccountExists);
    expect((await add(owner, { accountNumber: '12-3' })).errcode).toBe(ERRCODES.bankAccountNumberInvalid);
    expect((await callApi(server, 'POST', '/bankaccount', { as: owner, payload: { holderName: 'X', bankName: 'B', accountNumber: '123456789' } })).statusCode).toBe(400);

    expect((await call('POST', `/bankaccount/delete?id=${id}`, owner)).data).toEqual({ deleted: true });
    expect((await call('GET', `/bankaccount/query?id=${id}`, owner)).errcode).toBe(ERRCODES.bankAccountNotFound);
    expect((await call('POST', `/bankaccount/delete?id=${id}`, owner)).errcode).toBe(ERRCODES.bankAccountNotFound);
  });

  it(`keeps at most ${PAYMENT_ACCOUNTS_MAX} accounts per user`, async () => {
    const owner = await createTestUser(server);
    for (let index = 0; index < PAYMENT_ACCOUNTS_MAX; index += 1) expect((await add(owner, { accountNumber: `1000000${index}` })).errcode).toBe(0);
    expect(await add(owner, { accountNumber: '99999999' })).toMatchObject({ errcode: ERRCODES.bankAccountLimit, errmsg: expect.stringContaining(String(PAYMENT_ACCOUNTS_MAX)) });
  });

  it(`keeps ${PAYMENT_ACCOUNTS_MAX} accounts when 30 are added at once`, async () => {
    const owner = await createTestUser(server);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, index) => add(owner, { accountNumber: `2000000${index}` })));
    expect(answers.filter((answer) => answer.errcode === 0)).toHaveLength(PAYMENT_ACCOUNTS_MAX);
    expect((await call<PaymentAccount[]>('GET', '/bankaccount/list?id=bank', owner)).data).toHaveLength(PAYMENT_ACCOUNTS_MAX);
  });

  it('once verified, takes only accounts in the verified name', async () => {
    const owner = await createTestUser(server);
    const id = (await submitted(owner)).submission!.id;
    expect((await decide(id, { decision: 'approve' })).errcode).toBe(0);
    expect((await add(owner, { holderName: 'Somebody Else' })).errcode).toBe(ERRCODES.bankHolderMismatch);
    expect((await add(owner, { holderName: 'ana  maría núñez' })).errcode).toBe(0);
  });
});

describe('GET /account/signins', () => {
  it('answers the caller\'s latest sign-ins, newest first, and nobody else\'s', async () => {
    const user = await createTestUser(server);
    const other = await createTestUser(server);
    const now = server.context.now();
    await server.context.db.transaction().execute((trx) =>
      createNotifications(trx, ['10.0.0.1', '10.0.0.2'].map((ip) => ({ userId: user.userId, type: NOTIFICATION_TYPE.login, params: { ip } })), now),
    );
    const signins = (await call<{ time: number; ip: string }[]>('GET', '/account/signins', user)).data;
    expect(signins.map((signin) => signin.ip)).toEqual(['10.0.0.2', '10.0.0.1']);
    expect((await call<unknown[]>('GET', '/account/signins', other)).data).toEqual([]);
  });
});
