/**
 * The account calls of spec section 7: the CSRF token, sign-in and sign-out, sign-up and password
 * reset with their verification codes, the image captcha and the profile. Phone and e-mail
 * formats are not checked by these schemas: a malformed one is a business refusal the user must
 * see (HTTP 200 invalidPhone / invalidEmail, spec 5), not an invalid-fields 400.
 */
import { z } from 'zod';
import { defineCall } from './call';
import { emptyBody, textField } from './fields';

export const VERIFICATION_CODE_PURPOSES = ['register', 'resetpassword'] as const;
export type VerificationCodePurpose = (typeof VERIFICATION_CODE_PURPOSES)[number];

/** Where a code goes and which account a form means: an e-mail address or a phone number. */
export type Contact = { channel: 'email'; email: string } | { channel: 'sms'; countryCode: string; phone: string };
export type ContactType = 'email' | 'phone';

/** Passwords are never trimmed: a space is a character like any other. The cap bounds hashing work. */
const passwordField = z.string().min(1).max(128);
const contactFields = {
  email: textField(254).optional(),
  countryCode: textField(8).optional(),
  phone: textField(32).optional(),
};
const codeField = textField(16);

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

/** Adds the contact a form means to its parsed body, or reports the missing field as a 400. */
function attachContact<T extends ContactInput>(input: T, context: z.core.$RefinementCtx<T>): T & { contact: Contact } {
  const contact = contactOf(input);
  if ('missing' in contact) {
    context.addIssue({ code: 'custom', path: [contact.missing], message: 'give an e-mail address or a phone number', input });
    return z.NEVER;
  }
  return { ...input, contact };
}

const contactTypeField = z.enum(['email', 'phone']);

/** The Profile entity of spec 3: phone or e-mail (at least one), and the rest always. */
export const profileSchema = z.object({
  phone: z.string().optional(),
  countryCode: z.string().optional(),
  email: z.string().optional(),
  referralCode: z.string(),
  testEnabled: z.boolean(),
  realName: z.string(),
  vipLevel: z.number().int(),
  verifiedLevel: z.number().int(),
  requiredIDLevel: z.number().int(),
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
    username: z.string().trim().min(1).max(254),
    countryCode: textField(8).optional(),
    password: passwordField,
    /** The image captcha, required from the third failed sign-in of a session on. */
    captcha: textField(16).optional(),
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

const sendCodeBody = z.object({ type: contactTypeField.optional(), ...contactFields }).transform(attachContact);

function defineSendCodeCall(purpose: VerificationCodePurpose) {
  return defineCall({
    method: 'POST',
    path: `/vcode/${purpose}`,
    body: sendCodeBody,
    /** How long the form waits before it offers to send another code. */
    data: z.object({ resendAfterSeconds: z.number().int() }),
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
  body: z
    .object({
      type: contactTypeField,
      ...contactFields,
      password: passwordField,
      vcode: codeField,
      referralCode: textField(16).optional(),
    })
    .transform(attachContact),
  data: signedInSchema,
  changesState: true,
  auth: 'none',
});

export const resetPasswordCall = defineCall({
  method: 'POST',
  path: '/account/resetpassword',
  body: z.object({ type: contactTypeField.optional(), ...contactFields, vcode: codeField, password: passwordField }).transform(attachContact),
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
  data: z.number().int().min(0).max(4),
  changesState: false,
  auth: 'user',
});
