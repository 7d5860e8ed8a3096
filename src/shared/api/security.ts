/**
 * The security calls of spec section 7 (issue 15): Google Authenticator (GET and POST
 * /account/ga), the withdrawal password (POST /account/changewithdrawpassword), binding or
 * changing the phone and e-mail (POST /account/phone, /account/email, form-encoded), and the codes
 * a signed-in user asks for on the way (POST /vcode/bindcontact, /changecontact,
 * /withdrawpassword). GET /account/security is ours, not the spec's: the security page's state in
 * one read. Phone and e-mail formats are business refusals (spec 5), as in account.ts.
 */
import { z } from 'zod/mini';
import { attachContact, codeField, contactFields, contactTypeField, passwordField, type VerificationCodePurpose } from './account';
import { defineCall } from './call';
import { textField } from './fields';

/** A withdrawal is refused for this long after the last security change. */
export const WITHDRAWAL_COOL_OFF_MS = 24 * 60 * 60_000;

const gaCodeField = textField(16);

/** The security page's state: each factor beyond the profile's contacts, and the cool-off's end. */
export const securityStatusCall = defineCall({
  method: 'GET',
  path: '/account/security',
  data: z.object({
    gaBound: z.boolean(),
    withdrawPasswordSet: z.boolean(),
    /** Milliseconds since the epoch until which withdrawals are refused; 0 when none runs. */
    coolOffUntil: z.number(),
  }),
  changesState: false,
  auth: 'user',
});

/**
 * Whether GA is bound; when it is not, the secret to add to the app (base32, kept pending on the
 * server until a code confirms it) and its otpauth:// URI, which the page shows as a QR code.
 */
export const twoFactorStatusCall = defineCall({
  method: 'GET',
  path: '/account/ga',
  data: z.object({ bound: z.boolean(), secret: z.optional(z.string()), uri: z.optional(z.string()) }),
  changesState: true,
  auth: 'user',
});

/** Binds the pending secret (a code from it and the login password) or unbinds (a code). */
export const twoFactorChangeCall = defineCall({
  method: 'POST',
  path: '/account/ga',
  body: z.object({
    action: z.enum(['bind', 'unbind']),
    code: gaCodeField,
    password: z.optional(passwordField),
  }),
  data: z.object({ bound: z.boolean() }),
  changesState: true,
  auth: 'user',
});

export const WITHDRAW_PASSWORD_MODES = ['set', 'change', 'reset'] as const;
export type WithdrawPasswordMode = (typeof WITHDRAW_PASSWORD_MODES)[number];

/**
 * Sets the first withdrawal password (with the login password), changes it (the old one, and the
 * GA code when bound, else a code to the user's e-mail or phone) or resets it (a code to the
 * e-mail or phone, and the GA code when bound). `type` names where the code went.
 */
export const changeWithdrawPasswordCall = defineCall({
  method: 'POST',
  path: '/account/changewithdrawpassword',
  body: z.object({
    mode: z.enum(WITHDRAW_PASSWORD_MODES),
    password: passwordField,
    loginPassword: z.optional(passwordField),
    oldPassword: z.optional(passwordField),
    gaCode: z.optional(gaCodeField),
    vcode: z.optional(codeField),
    type: z.optional(contactTypeField),
  }),
  data: z.object({}),
  changesState: true,
  auth: 'user',
});

/** What binding or changing a contact carries besides the contact: its codes and the GA code. */
const contactChangeFields = {
  /** The code sent to the new contact (POST /vcode/bindcontact). */
  vcode: codeField,
  /** When a contact of this kind is bound already: the code sent to it (POST /vcode/changecontact). */
  currentVcode: z.optional(codeField),
  gaCode: z.optional(gaCodeField),
};

export const bindPhoneCall = defineCall({
  method: 'POST',
  path: '/account/phone',
  body: z.object({ countryCode: textField(8), phone: textField(32), ...contactChangeFields }),
  data: z.object({}),
  changesState: true,
  auth: 'user',
});

export const bindEmailCall = defineCall({
  method: 'POST',
  path: '/account/email',
  body: z.object({ email: textField(254), ...contactChangeFields }),
  data: z.object({}),
  changesState: true,
  auth: 'user',
});

const resendSchema = z.object({ resendAfterSeconds: z.number().check(z.int()) });

function defineSecurityCodeCall<Body extends z.ZodMiniType>(purpose: VerificationCodePurpose, body: Body) {
  return defineCall({ method: 'POST', path: `/vcode/${purpose}`, body, data: resendSchema, changesState: true, auth: 'user' });
}

/**
 * Codes for a signed-in user. bindcontact goes to the contact the form names; the other two go to
 * the user's own contact of the given type, whose address the server knows (the client never
 * names it, so these codes cannot be sent anywhere else).
 */
export const SECURITY_SEND_CODE_CALLS = {
  bindcontact: defineSecurityCodeCall(
    'bindcontact',
    z.pipe(z.object({ type: z.optional(contactTypeField), ...contactFields }), z.transform(attachContact)),
  ),
  changecontact: defineSecurityCodeCall('changecontact', z.object({ type: contactTypeField })),
  withdrawpassword: defineSecurityCodeCall('withdrawpassword', z.object({ type: contactTypeField })),
} as const;
