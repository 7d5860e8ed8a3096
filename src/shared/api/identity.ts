/**
 * Identity verification, the avatar, bank accounts and the profile dashboard's sign-in list (spec
 * 7, issue 15). The status itself (GET /identityverification, a bare number as spec 8 wants it)
 * stays in account.ts; the details a screen shows (the reason of a rejection, what was sent) are
 * read here. Uploads are multipart (spec 7): their file parts are named below and their text
 * fields checked by the schemas here, on the server after the parts are read.
 *
 * Document and account numbers are free text to the schemas: a malformed one is a business
 * refusal the user must see (documentNumberInvalid, bankAccountNumberInvalid), not a silent 400;
 * the forms check them first with the same rules (isDocumentNumber, normalizedAccountNumber).
 */
import { z } from 'zod/mini';
import { IDENTITY_STATUS } from '../constants';
import { defineCall } from './call';
import { idField, intField, textField } from './fields';

/** The images of a submission, each a file part of the upload with this name. */
export const IDENTITY_IMAGE_SIDES = ['front', 'back', 'selfie'] as const;
export type IdentityImageSide = (typeof IDENTITY_IMAGE_SIDES)[number];

export const DOCUMENT_TYPES = ['idCard', 'passport', 'drivingLicence'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Largest file part of an identity upload or an avatar. A phone photo scaled to 1600 px at JPEG 0.25 (spec 5) is far below. */
export const IDENTITY_IMAGE_BYTES_MAX = 5 * 1024 * 1024;
/** The avatar's stored square, in pixels: twice the largest size a screen draws it at. */
export const AVATAR_SIDE_PX = 256;

/** A person's name as written on a document: letters, marks, spaces and . ' - only. */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;
export const PERSON_NAME_MAX = 100;
const personNameField = z.string().check(
  z.trim(),
  z.minLength(2),
  z.maxLength(PERSON_NAME_MAX),
  z.regex(PERSON_NAME_PATTERN, 'letters, spaces, dots, apostrophes and dashes only'),
);

/** A document number: 4 to 32 letters, digits and dashes once spaces are removed. */
export function normalizedDocumentNumber(text: string): string | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z0-9-]{4,32}$/.test(compact) ? compact : null;
}

export const identityFieldsSchema = z.object({
  realName: personNameField,
  documentType: z.enum(DOCUMENT_TYPES),
  documentNumber: textField(64),
});
export type IdentityFields = z.output<typeof identityFieldsSchema>;

const identityImagesSchema = z.object({ front: z.string(), back: z.string(), selfie: z.string() });

/** A submission as its owner sees it: what was sent, where it stands, and why it was refused. */
export const identitySubmissionSchema = z.object({
  id: z.number(),
  realName: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  /** All but the last four characters masked: the page shows which document, not the number. */
  documentNumber: z.string(),
  status: z.number().check(z.int(), z.minimum(IDENTITY_STATUS.created), z.maximum(IDENTITY_STATUS.approved)),
  rejectReason: z.nullable(z.string()),
  submittedAt: z.number(),
  decidedAt: z.nullable(z.number()),
  /** Where the owner's browser loads each image (owner and operators only). */
  images: identityImagesSchema,
});
export type IdentitySubmission = z.infer<typeof identitySubmissionSchema>;

export const identityDetailSchema = z.object({
  /** spec 3: 0 none ... 4 approved; the same number GET /identityverification answers. */
  status: z.number().check(z.int(), z.minimum(0), z.maximum(4)),
  /** The latest submission, or null when there never was one (an account verified by an operator's seed). */
  submission: z.nullable(identitySubmissionSchema),
});
export type IdentityDetail = z.infer<typeof identityDetailSchema>;

export const identityDetailCall = defineCall({
  method: 'GET',
  path: '/identityverification/detail',
  data: identityDetailSchema,
  changesState: false,
  auth: 'user',
});

/** POST /identityverification (multipart): the fields above and the files front, back and selfie. */
export const identitySubmitCall = defineCall({
  method: 'POST',
  path: '/identityverification',
  data: identityDetailSchema,
  changesState: true,
  auth: 'user',
});

/** Where the server serves a submission's image: to its owner and to operators, nobody else. */
export const IDENTITY_IMAGE_PATH = '/api/v1/identityverification/image';
/** Where avatars are served: to anyone who is shown one (the name is unguessable and changes with each upload). */
export const AVATAR_IMAGE_PATH = '/api/image/avatar';

/** POST /account/avatar (multipart): the file part `image`; answers the profile's new avatarUrl. */
export const avatarUploadCall = defineCall({
  method: 'POST',
  path: '/account/avatar',
  data: z.object({ avatarUrl: z.string() }),
  changesState: true,
  auth: 'user',
});

/**
 * Where a user is paid (C2C trade methods, spec: wechat, alipay, bank). Bank accounts come first;
 * C2C adds its wallets as further kinds of the same record: a holder, a provider (the bank, or
 * the wallet's name) and an account number.
 */
export const PAYMENT_ACCOUNT_KINDS = ['bank'] as const;
export type PaymentAccountKind = (typeof PAYMENT_ACCOUNT_KINDS)[number];
/** Accounts one user keeps per kind: enough for every bank a person uses. */
export const PAYMENT_ACCOUNTS_MAX = 10;

/** An account number: 6 to 34 letters and digits (34: the longest IBAN) once spaces and dashes go. */
export function normalizedAccountNumber(text: string): string | null {
  const compact = text.replace(/[\s-]+/g, '').toUpperCase();
  return /^[A-Z0-9]{6,34}$/.test(compact) ? compact : null;
}

export const paymentAccountSchema = z.object({
  id: z.number(),
  kind: z.enum(PAYMENT_ACCOUNT_KINDS),
  holderName: z.string(),
  /** The bank's name (a wallet's, for C2C kinds). */
  bankName: z.string(),
  accountNumber: z.string(),
  branch: z.string(),
  createdAt: z.number(),
});
export type PaymentAccount = z.infer<typeof paymentAccountSchema>;

const kindQuery = z.object({ id: z._default(z.enum(PAYMENT_ACCOUNT_KINDS), 'bank') });

export const bankAccountListCall = defineCall({
  method: 'GET',
  path: '/bankaccount/list',
  query: kindQuery,
  data: z.array(paymentAccountSchema),
  changesState: false,
  auth: 'user',
});

export const bankAccountAddCall = defineCall({
  method: 'POST',
  path: '/bankaccount',
  body: z.object({
    kind: z._default(z.enum(PAYMENT_ACCOUNT_KINDS), 'bank'),
    holderName: personNameField,
    bankName: z.string().check(z.trim(), z.minLength(2), z.maxLength(100), z.regex(/^[^<>]*$/, 'no angle brackets')),
    accountNumber: textField(64),
    branch: z._default(z.string().check(z.trim(), z.maxLength(100), z.regex(/^[^<>]*$/, 'no angle brackets')), ''),
  }),
  data: paymentAccountSchema,
  changesState: true,
  auth: 'user',
});

export const bankAccountQueryCall = defineCall({
  method: 'GET',
  path: '/bankaccount/query',
  query: z.object({ id: idField }),
  data: paymentAccountSchema,
  changesState: false,
  auth: 'user',
});

export const bankAccountDeleteCall = defineCall({
  method: 'POST',
  path: '/bankaccount/delete',
  query: z.object({ id: idField }),
  data: z.object({ deleted: z.literal(true) }),
  changesState: true,
  auth: 'user',
});

/** How many sign-ins the dashboard lists. */
export const RECENT_SIGNINS_MAX = 5;

/** The account's latest sign-ins, newest first, from the sign-in records the server keeps (spec 3, notification type 2). */
export const recentSignInsCall = defineCall({
  method: 'GET',
  path: '/account/signins',
  data: z.array(z.object({ time: z.number(), ip: z.string() })),
  changesState: false,
  auth: 'user',
});

// Operator side (ARCHITECTURE.md, "Roles and the operator API").

export const operatorIdentitySchema = z.object({
  ...identitySubmissionSchema.shape,
  userId: z.number(),
  /** The account's e-mail, else its phone. */
  contact: z.string(),
  /** The full number: the operator compares it with the images. */
  documentNumber: z.string(),
  reviewStartedAt: z.nullable(z.number()),
});
export type OperatorIdentity = z.infer<typeof operatorIdentitySchema>;

export const IDENTITY_QUEUE_PAGE_MAX = 50;

/** The review queue: submissions waiting (status 1 or 2), oldest first; or every one, newest first. */
export const operatorIdentityListCall = defineCall({
  method: 'GET',
  path: '/operator/identity',
  query: z.object({
    state: z._default(z.enum(['waiting', 'all']), 'waiting'),
    limit: z._default(intField({ min: 1, max: IDENTITY_QUEUE_PAGE_MAX }), 20),
  }),
  data: z.array(operatorIdentitySchema),
  changesState: false,
  auth: 'operator',
});

/** An operator opens a submission: it is being reviewed (status 2) from now on. */
export const operatorIdentityReviewCall = defineCall({
  method: 'POST',
  path: '/operator/identity/review',
  query: z.object({ id: idField }),
  data: operatorIdentitySchema,
  changesState: true,
  auth: 'operator',
});

export const REJECT_REASON_MAX = 300;

/**
 * Approves (status 4: verifiedLevel raised to at least `level`, default the site's required
 * level, and the real name taken from the submission) or rejects (status 3, with the reason the
 * user reads). The user gets a notification either way.
 */
export const operatorIdentityDecideCall = defineCall({
  method: 'POST',
  path: '/operator/identity/decide',
  query: z.object({ id: idField }),
  body: z.union([
    z.strictObject({ decision: z.literal('approve'), level: z.optional(intField({ min: 1, max: 10 })) }),
    z.strictObject({
      decision: z.literal('reject'),
      reason: z.string().check(z.trim(), z.minLength(2), z.maxLength(REJECT_REASON_MAX)),
    }),
  ]),
  data: operatorIdentitySchema,
  changesState: true,
  auth: 'operator',
});
