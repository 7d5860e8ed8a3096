/**
 * HTTP side of identity: the multipart uploads (documents, avatar) in a scope of their own, the
 * images served to whoever may see them, bank accounts, the dashboard's sign-in list and the
 * operator's review queue.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AVATAR_IMAGE_PATH,
  avatarUploadCall,
  bankAccountAddCall,
  bankAccountDeleteCall,
  bankAccountListCall,
  bankAccountQueryCall,
  IDENTITY_IMAGE_BYTES_MAX,
  IDENTITY_IMAGE_SIDES,
  identityDetailCall,
  identityFieldsSchema,
  identitySubmitCall,
  operatorIdentityDecideCall,
  operatorIdentityListCall,
  operatorIdentityReviewCall,
  RECENT_SIGNINS_MAX,
  recentSignInsCall,
} from '../../../src/shared/api/identity';
import { BusinessError, invalidFields } from '../../core/errors';
import { readImageUpload, registerUploads, sendStoredJpeg } from '../../http/images';
import { registerCall, signedInUser } from '../../http/route';
import { recentSignIns } from '../notification/service';
import { readAvatar, uploadAvatar } from './avatar';
import { addPaymentAccount, deletePaymentAccount, listPaymentAccounts, queryPaymentAccount } from './payment-accounts';
import * as service from './service';

/** Per client and minute: uploads cost a decode each; bank accounts are few and rarely change. */
const RATE_LIMITS = { submit: 5, avatar: 10, bankChange: 20 } as const;
const IMAGE_NAME_PATTERN = /^[A-Za-z0-9_-]{24}$/;

function viewerOf(request: FastifyRequest): service.ImageViewer {
  return { userId: request.user?.id ?? null, isOperator: request.isAdminToken || request.user?.role === 'operator' };
}

/** The operator who acts: null for the admin CLI's token, which is no user. */
function operatorIdOf(request: FastifyRequest): number | null {
  return request.isAdminToken ? null : (request.user?.id ?? null);
}

export async function identityRoutes(app: FastifyInstance): Promise<void> {
  const { context } = app;

  registerCall(app, identityDetailCall, async (request) => service.identityDetail(context, signedInUser(request).id));

  await registerUploads(app, IDENTITY_IMAGE_BYTES_MAX, (uploads) => {
    registerCall(
      uploads,
      identitySubmitCall,
      async (request) => {
        const upload = await readImageUpload(request, { files: IDENTITY_IMAGE_SIDES, fileBytesMax: IDENTITY_IMAGE_BYTES_MAX, fieldsMax: 4 });
        const parsed = identityFieldsSchema.safeParse(upload.fields);
        if (!parsed.success) invalidFields(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'fields'), issue.message])));
        return service.submitIdentity(context, signedInUser(request).id, parsed.data, upload.files);
      },
      { perMinute: RATE_LIMITS.submit },
    );
    registerCall(
      uploads,
      avatarUploadCall,
      async (request) => {
        const upload = await readImageUpload(request, { files: ['image'], fileBytesMax: IDENTITY_IMAGE_BYTES_MAX, fieldsMax: 0 });
        return uploadAvatar(context, signedInUser(request).id, upload.files.image);
      },
      { perMinute: RATE_LIMITS.avatar },
    );
  });

  app.get<{ Params: { name: string } }>('/identityverification/image/:name', async (request, reply) => {
    const name = request.params.name;
    const jpeg = IMAGE_NAME_PATTERN.test(name) ? await service.readIdentityImage(context, viewerOf(request), name) : undefined;
    if (!jpeg) throw new BusinessError('notFound', {}, 404);
    // Private and never stored by a shared cache: these are a person's papers.
    return sendStoredJpeg(reply, jpeg, 'private, no-store');
  });

  registerCall(app, bankAccountListCall, async (request) => listPaymentAccounts(context, signedInUser(request).id, request.query.id));
  registerCall(app, bankAccountQueryCall, async (request) => queryPaymentAccount(context, signedInUser(request).id, request.query.id));
  registerCall(app, bankAccountAddCall, async (request) => addPaymentAccount(context, signedInUser(request).id, request.body), {
    perMinute: RATE_LIMITS.bankChange,
  });
  registerCall(app, bankAccountDeleteCall, async (request) => deletePaymentAccount(context, signedInUser(request).id, request.query.id), {
    perMinute: RATE_LIMITS.bankChange,
  });

  registerCall(app, recentSignInsCall, async (request) => recentSignIns(context, signedInUser(request).id, RECENT_SIGNINS_MAX));

  registerCall(app, operatorIdentityListCall, async (request) => service.listForOperator(context, request.query));
  registerCall(app, operatorIdentityReviewCall, async (request) => service.startReview(context, operatorIdOf(request), request.query.id));
  registerCall(app, operatorIdentityDecideCall, async (request) => {
    const submission = await service.decide(context, operatorIdOf(request), request.query.id, request.body);
    app.outbox.kick();
    return submission;
  });
}

/** Avatars outside /api/v1 (spec 7: images under /api/image), for anyone shown one. */
export async function identityRootRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: string } }>(`${AVATAR_IMAGE_PATH}/:name`, async (request, reply) => {
    const jpeg = await readAvatar(app.context, request.params.name);
    if (!jpeg) throw new BusinessError('notFound', {}, 404);
    // A new avatar gets a new name: what is served under one never changes.
    return sendStoredJpeg(reply, jpeg, 'public, max-age=31536000, immutable');
  });
}
