/**
 * The content calls of spec 7 (POST /post/category?id, GET /post?id) as the content screens use
 * them, with their failures sorted into the two cases the screens treat apart: the server said
 * no ('refused': no such article or category), or no answer came ('unreachable': offline, the
 * server down or timing out), when the screens read what the device kept instead. The screens
 * show their own messages, so the client's error toasts stay off.
 */
import { postCall, postCategoryCall, type Category, type Post, type PostSummary } from '../../shared/api/content';
import { ApiError } from '../../shared/client/client';
import { callApi } from './client';

export type CallOutcome<T> = { ok: true; data: T } | { ok: false; failure: 'refused' | 'unreachable' };

function failureOf(error: unknown): 'refused' | 'unreachable' {
  // A refusal is an answer; a server error (5xx) is the server not being there for us.
  if (error instanceof ApiError && error.status < 500) return 'refused';
  const aborted = error instanceof DOMException && error.name === 'AbortError';
  if (!(error instanceof ApiError) && !aborted) console.warn('Content call failed', error);
  return 'unreachable';
}

async function outcomeOf<T>(call: () => Promise<T | false>): Promise<CallOutcome<T>> {
  try {
    const data = await call();
    return data === false ? { ok: false, failure: 'unreachable' } : { ok: true, data };
  } catch (error) {
    return { ok: false, failure: failureOf(error) };
  }
}

export interface ListingPage {
  category: Category;
  posts: PostSummary[];
  total: number;
}

export function fetchListing(input: { id: number; q?: string; offset?: number; limit?: number }, signal?: AbortSignal): Promise<CallOutcome<ListingPage>> {
  return outcomeOf(() => callApi(postCategoryCall, { query: { id: input.id }, body: { q: input.q, offset: input.offset, limit: input.limit } }, { silentAll: true, signal }));
}

export type PostKey = { id: number } | { slug: string };

export function fetchPost(key: PostKey, signal?: AbortSignal): Promise<CallOutcome<Post>> {
  return outcomeOf(() => callApi(postCall, { query: key }, { silentAll: true, signal }));
}
