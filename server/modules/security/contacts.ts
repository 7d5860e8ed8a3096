/**
 * Binding or changing the account's phone or e-mail (spec 5's formats): a code to the new contact
 * proves it is the user's; when one of its kind is bound already, a code to that one proves the
 * change is the owner's; with GA bound, its code too. A contact is unique across users: taken by
 * another account, it is refused before a code is sent and again, by the unique index, when bound.
 * The codes a signed-in user asks for are sent from here as well.
 */
import type { Contact, ContactType } from '../../../src/shared/api/account';
import type { Language } from '../../../src/shared/languages';
import type { AppContext } from '../../context';
import type { Executor } from '../../core/executor';
import { checkVerificationCode, consumeVerificationCode, sendVerificationCode } from '../account/codes';
import { checkContact, contactsOf, findAccount, setAccountContact, type CheckedContact } from '../account/contact';
import { noteSecurityChange } from './changes';
import { refuse } from './errors';
import { requireTwoFactorIfBound } from './twoFactorCheck';

export interface ContactChangeInput {
  vcode: string;
  currentVcode?: string;
  gaCode?: string;
}

/** The user's own contact of a type: where the security codes go. */
export async function ownContact(executor: Executor, userId: number, type: ContactType | undefined): Promise<CheckedContact> {
  const contacts = await contactsOf(executor, userId);
  const contact = type === 'phone' ? contacts.sms : type === 'email' ? contacts.email : undefined;
  if (!contact) refuse('contactMissing');
  return contact;
}

/** The new contact, checked: its format, not the current one, nobody else's. */
async function checkNewContact(context: AppContext, userId: number, contact: Contact): Promise<CheckedContact> {
  const checked = checkContact(contact);
  const owner = await findAccount(context.db, checked.key);
  if (owner && Number(owner.id) === userId) refuse('contactUnchanged');
  if (owner) refuse('contactInUse');
  return checked;
}

export async function bindContact(context: AppContext, userId: number, contact: Contact, input: ContactChangeInput): Promise<void> {
  const { db, now } = context;
  const next = await checkNewContact(context, userId, contact);
  const current = (await contactsOf(db, userId))[next.key.channel];
  if (current && !input.currentVcode) refuse('currentContactCodeRequired');
  const newCodeId = await checkVerificationCode(context, 'bindcontact', next.target, input.vcode);
  const currentCodeId = current && input.currentVcode ? await checkVerificationCode(context, 'changecontact', current.target, input.currentVcode) : null;
  await db.transaction().execute(async (trx) => {
    const time = now();
    await consumeVerificationCode(trx, newCodeId, time);
    if (currentCodeId !== null) await consumeVerificationCode(trx, currentCodeId, time);
    await requireTwoFactorIfBound(context, trx, userId, input.gaCode);
    if (!(await setAccountContact(trx, userId, next.key))) refuse('contactInUse');
    await noteSecurityChange(trx, userId, next.key.channel === 'email' ? 'emailChanged' : 'phoneChanged', time, { contact: next.to });
  });
}

export type SecurityCodeRequest =
  | { purpose: 'bindcontact'; contact: Contact }
  | { purpose: 'changecontact' | 'withdrawpassword'; type: ContactType };

/** Sends a code for a security change: to the new contact being bound, or to the user's own contact. */
export async function sendSecurityCode(context: AppContext, userId: number, request: SecurityCodeRequest, language: Language): Promise<{ resendAfterSeconds: number }> {
  const contact = request.purpose === 'bindcontact' ? await checkNewContact(context, userId, request.contact) : await ownContact(context.db, userId, request.type);
  return sendVerificationCode(context, request.purpose, contact, language);
}
