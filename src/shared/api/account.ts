/**
 * The account calls of spec section 7: the CSRF token, sign-in and sign-out, sign-up and password
 * reset with their verification codes, the image captcha and the profile. Phone and e-mail
 * formats are not checked by these schemas: a malformed one is a business refusal the user must
 * see (HTTP 200 invalidPhone / invalidEmail, spec 5), not an invalid-fields 400.
 */
import { z } from 'zod/mini';
import { defineCall } from './call';
import { emptyBody, textField } from './fields';

/** Codes anyone may ask for (POST /vcode/{purpose} without a session). */
export const VERIFICATION_CODE_PURPOSES = ['register', 'resetpassword'] as const;
/**
 * Codes only a signed-in user asks for (src/shared/api/security.ts): to a contact being bound, to
 * the current contact before it changes, and to the user's contact for the withdrawal password.
 */
export const SECURITY_CODE_PURPOSES = ['bindcontact', 'changecontact', 'withdrawpassword'] as const;
export type VerificationCodePurpose = (typeof VERIFICATION_CODE_PURPOSES)[number] | (typeof SECURITY_CODE_PURPOSES)[number];

/** Where a code goes and which account a form means: an e-mail address or a phone number. */
export type Contact = { channel: 'email'; email: string } | { channel: 'sms'; countryCode: string; phone: string };
export type ContactType = 'email' | 'phone';

/** Passwords are never trimmed: a space is a character like any other. The cap bounds hashing work. */
export const passwordField = z.string().check(z.minLength(1), z.maxLength(128));
export const contactFields = {
  email: z.optional(textField(254)),
  countryCode: z.optional(textField(8)),
  phone: z.optional(textField(32)),
};
export const codeField = textField(16);

interface ContactInput {
  type?: ContactType;
  email?: string;
  countryCode?: string;
  phone?: string;
}

/**
 * Picks the contact a form means. An explicit type decides; without one, exactly one of e-mail
 * and phone must be filled in (forms send empty strings for fields the user left blank).
 */
export function contactOf(input: ContactInput): Contact | { missing: 'email' | 'phone' } {
  const email = input.email ?? '';
  const phone = input.phone ?? '';
  const type = input.type ?? (phone !== '' && email === '' ? 'phone' : email !== '' && phone === '' ? 'email' : undefined);
  if (type === 'email') return email === '' ? { missing: 'email' } : { channel: 'email', email };
  if (type === 'phone') return phone === '' ? { missing: 'phone' } : { channel: 'sms', countryCode: input.countryCode ?? '', phone };
  return { missing: 'email' };
}

/**
 * Adds the contact a form means to its parsed body, or reports the missing field as a 400. A
 * zod/mini transform gets the parse payload itself (no addIssue helper), so the issue goes
 * straight into its list.
 */
export function attachContact<T extends ContactInput>(input: T, context: z.core.ParsePayload): T & { contact: Contact } {
  const contact = contactOf(input);
  if ('missing' in contact) {
    context.issues.push({ code: 'custom', path: [contact.missing], message: 'give an e-mail address or a phone number', input });
    return z.NEVER;
  }
  return { ...input, contact };
}

export const contactTypeField = z.enum(['email', 'phone']);

/** The Profile entity of spec 3: phone or e-mail (at least one), and the rest always. */
export const profileSchema = z.object({
  phone: z.optional(z.string()),
  countryCode: z.optional(z.string()),
  email: z.optional(z.string()),
  referralCode: z.string(),
  testEnabled: z.boolean(),
  realName: z.string(),
  vipLevel: z.number().check(z.int()),
  verifiedLevel: z.number().check(z.int()),
  requiredIDLevel: z.number().check(z.int()),
  avatarUrl: z.string(),
  helpDeskLink: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

const signedInSchema = z.object({ csrfToken: z.string(), profile: profileSchema });

export const csrfTokenCall = defineCall({
  method: 'POST',
  path: '/csrftoken',
  body: emptyBody,
  data: z.object({ token: z.string() }),
  changesState: true,
  auth: 'none',
});

/** Failed sign-ins a session may have before every further attempt needs the image captcha. */
export const SIGNIN_FAILURES_BEFORE_CAPTCHA = 3;

export const signInCall = defineCall({
  method: 'POST',
  path: '/account/signin',
  body: z.object({
    /** An e-mail address, or a phone number together with countryCode. */
    username: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
    countryCode: z.optional(textField(8)),
    password: passwordField,
    /** The image captcha, required from the third failed sign-in of a session on. */
    captcha: z.optional(textField(16)),
    /** The Google Authenticator code, once the account has one bound (without it: errcode 101). */
    gaCode: z.optional(textField(16)),
  }),
  data: signedInSchema,
  changesState: true,
  auth: 'none',
});

export const signOutCall = defineCall({
  method: 'POST',
  path: '/account/signout',
  body: emptyBody,
  data: z.object({}),
  changesState: true,
  auth: 'none',
});

const sendCodeBody = z.pipe(z.object({ type: z.optional(contactTypeField), ...contactFields }), z.transform(attachContact));

function defineSendCodeCall(purpose: VerificationCodePurpose) {
  return defineCall({
    method: 'POST',
    path: `/vcode/${purpose}`,
    body: sendCodeBody,
    /** How long the form waits before it offers to send another code. */
    data: z.object({ resendAfterSeconds: z.number().check(z.int()) }),
    changesState: true,
    auth: 'none',
  });
}

/** POST /vcode/{type}: one call per purpose, sharing the body. */
export const SEND_CODE_CALLS = {
  register: defineSendCodeCall('register'),
  resetpassword: defineSendCodeCall('resetpassword'),
} as const;

/** GET /vcode/image answers the SVG itself (image/svg+xml, no envelope). */
export const captchaImageCall = defineCall({
  method: 'GET',
  path: '/vcode/image',
  data: z.string(),
  changesState: true,
  auth: 'none',
});

/** POST /vcode/image answers the same image as a data URL inside the envelope. */
export const captchaImageDataCall = defineCall({
  method: 'POST',
  path: '/vcode/image',
  body: emptyBody,
  data: z.object({ image: z.string() }),
  changesState: true,
  auth: 'none',
});

export const createAccountCall = defineCall({
  method: 'POST',
  path: '/account/create',
  body: z.pipe(
    z.object({
      type: contactTypeField,
      ...contactFields,
      password: passwordField,
      vcode: codeField,
      referralCode: z.optional(textField(16)),
    }),
    z.transform(attachContact),
  ),
  data: signedInSchema,
  changesState: true,
  auth: 'none',
});

export const resetPasswordCall = defineCall({
  method: 'POST',
  path: '/account/resetpassword',
  body: z.pipe(
    z.object({ type: z.optional(contactTypeField), ...contactFields, vcode: codeField, password: passwordField }),
    z.transform(attachContact),
  ),
  data: z.object({}),
  changesState: true,
  auth: 'none',
});

export const profileCall = defineCall({
  method: 'POST',
  path: '/account/profile',
  body: emptyBody,
  data: profileSchema,
  changesState: false,
  auth: 'user',
});

/** The signed-in user's identity verification status (spec 3: 0 none ... 4 approved). */
export const identityStatusCall = defineCall({
  method: 'GET',
  path: '/identityverification',
  data: z.number().check(z.int(), z.minimum(0), z.maximum(4)),
  changesState: false,
  auth: 'user',
});
