/**
 * The help-desk calls of spec section 7 as the widget makes them, with their outcomes sorted
 * into what the widget shows (spec 8): a send that the server refused is 'fail_in_send', a send
 * that never reached it (no answer, a timeout, a gateway down) is 'network_error'. The calls
 * are quiet (silentAll): the widget says what went wrong in the chat, not in a toast. A 401
 * (the help desk requires sign-in) still goes through the client's handler.
 */
import { helpdeskHistoryCall, helpdeskImageCall, helpdeskStartCall, helpdeskTextCall, type HelpdeskMessage } from '../../../shared/api/helpdesk';
import { ApiError } from '../../../shared/client/client';
import { HELPDESK_ERRCODES } from '../../../shared/errcodes';
import { api, callApi } from '../../api/client';

export interface ChatStart {
  sessionId: string;
  chatId: string;
  welcome: string;
  timeCreated: number;
}

export type StartOutcome =
  | { ok: true; chat: ChatStart }
  /** The help desk wants a service code (none given, or the one given is not valid); message: the server's words. */
  | { ok: false; reason: 'codeRequired' | 'codeInvalid'; message: string }
  | { ok: false; reason: 'signIn' | 'network' | 'failed'; message: string };

export type SendOutcome =
  { ok: true; message: HelpdeskMessage } | { ok: false; reason: 'network' | 'failed' | 'closed' | 'invalidImage' | 'signIn'; message: string };

function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function failureOf(error: unknown): { reason: 'network' | 'failed' | 'signIn'; message: string } {
  if (!isApiError(error)) return { reason: 'network', message: error instanceof Error ? error.message : String(error) };
  if (error.status === 401) return { reason: 'signIn', message: error.message };
  return { reason: 'failed', message: error.message };
}

export async function startChat(input: { serviceCode?: string; sessionId?: string }): Promise<StartOutcome> {
  try {
    const answer = await callApi(helpdeskStartCall, { body: input }, { silentAll: true });
    if (answer === false) return { ok: false, reason: 'network', message: '' };
    return { ok: true, chat: { sessionId: answer.SessionId, chatId: answer.ChatId, welcome: answer.Welcome, timeCreated: answer.TimeCreated } };
  } catch (error) {
    if (isApiError(error) && error.code === HELPDESK_ERRCODES.serviceCodeRequired) return { ok: false, reason: 'codeRequired', message: error.message };
    if (isApiError(error) && error.code === HELPDESK_ERRCODES.serviceCodeInvalid) return { ok: false, reason: 'codeInvalid', message: error.message };
    return { ok: false, ...failureOf(error) };
  }
}

/** The chat's messages, oldest first; null when they could not be read (the chat keeps what it has). */
export async function readHistory(sessionId: string): Promise<HelpdeskMessage[] | null> {
  try {
    const answer = await callApi(helpdeskHistoryCall, { query: { id: sessionId } }, { silentAll: true });
    return answer === false ? null : answer;
  } catch (error) {
    console.warn('Failed to read the chat history', error);
    return null;
  }
}

function sendFailure(error: unknown): SendOutcome {
  if (isApiError(error) && error.code === HELPDESK_ERRCODES.chatClosed) return { ok: false, reason: 'closed', message: error.message };
  if (isApiError(error) && error.code === HELPDESK_ERRCODES.invalidImage) return { ok: false, reason: 'invalidImage', message: error.message };
  return { ok: false, ...failureOf(error) };
}

export async function sendText(sessionId: string, text: string): Promise<SendOutcome> {
  try {
    const answer = await callApi(helpdeskTextCall, { body: { sessionId, text } }, { silentAll: true });
    return answer === false ? { ok: false, reason: 'network', message: '' } : { ok: true, message: answer };
  } catch (error) {
    return sendFailure(error);
  }
}

/** Uploads an image as multipart (spec 7: chat and help-desk images are not form-encoded). */
export async function sendImage(sessionId: string, jpeg: Blob): Promise<SendOutcome> {
  const form = new FormData();
  form.append('sessionId', sessionId);
  form.append('image', jpeg, 'image.jpg');
  try {
    const answer = await api.request<unknown>(helpdeskImageCall.method, helpdeskImageCall.path, { body: form, silentAll: true });
    return answer === false ? { ok: false, reason: 'network', message: '' } : { ok: true, message: helpdeskImageCall.data.parse(answer) };
  } catch (error) {
    return sendFailure(error);
  }
}
