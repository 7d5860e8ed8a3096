/**
 * Content calls of spec section 7: category listings (announcements, college, the footer's
 * sections 1000 and 1001), single posts by id or by slug (about, user-protection) and popup
 * notices. Texts come in the request's language, falling back to English where a translation
 * is missing; bodies are plain text (blank-line paragraphs, "## " headings, "- " list items).
 */
import { z } from 'zod/mini';
import { defineCall } from './call';
import { idField, intField, textField } from './fields';

export const CATEGORY_KINDS = ['announcement', 'college', 'footer', 'page', 'notice', 'news'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];

/** Popup modes (spec 4): 1 show once ever, 2 once a day, 3 every time. */
export const POPUP_MODES = [1, 2, 3] as const;
export type PopupMode = (typeof POPUP_MODES)[number];

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const SEARCH_TEXT_MAX = 100;

const pageFields = {
  offset: z.optional(intField({ min: 0, max: 1_000_000 })),
  /** Any positive number is accepted; the server caps the page at LIST_PAGE_MAX. */
  limit: z.optional(intField({ min: 1, max: 2_147_483_647 })),
};

/** The listing's inputs may come in the query string, the body, or both (the body wins). */
const categoryListInput = z.object({
  id: z.optional(idField),
  q: z.optional(textField(SEARCH_TEXT_MAX)),
  ...pageFields,
});

export const postSummarySchema = z.object({
  id: z.number(),
  categoryId: z.number(),
  title: z.string(),
  summary: z.string(),
  /** Milliseconds since the epoch. */
  publishedAt: z.number(),
  pinned: z.boolean(),
  coverUrl: z.string(),
});
export type PostSummary = z.infer<typeof postSummarySchema>;

export const categorySchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(CATEGORY_KINDS),
  parentId: z.nullable(z.number()),
  children: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type Category = z.infer<typeof categorySchema>;

export const postCategoryCall = defineCall({
  method: 'POST',
  path: '/post/category',
  query: categoryListInput,
  body: categoryListInput,
  data: z.object({ category: categorySchema, posts: z.array(postSummarySchema), total: z.number() }),
  changesState: false,
  auth: 'none',
});

export const postSchema = z.object({
  id: z.number(),
  categoryId: z.number(),
  slug: z.nullable(z.string()),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  publishedAt: z.number(),
  updatedAt: z.number(),
  /** The language the texts are in: the request's, or 'en' when that translation is missing. */
  lang: z.string(),
  coverUrl: z.string(),
});
export type Post = z.infer<typeof postSchema>;

export const postCall = defineCall({
  method: 'GET',
  path: '/post',
  query: z
    .object({ id: z.optional(idField), slug: z.optional(z.string().check(z.trim(), z.regex(SLUG_PATTERN))) })
    .check(z.refine((query) => query.id !== undefined || query.slug !== undefined, 'id or slug is required')),
  data: postSchema,
  changesState: false,
  auth: 'none',
});

export const footerSectionSchema = z.object({
  id: z.number(),
  name: z.string(),
  items: z.array(z.object({ id: z.number(), title: z.string(), slug: z.nullable(z.string()) })),
});
export type FooterSection = z.infer<typeof footerSectionSchema>;

/** The footer's link sections: content categories 1000 and 1001 (spec 2 and 9), in order. */
export const footerCall = defineCall({
  method: 'GET',
  path: '/post/footer',
  data: z.array(footerSectionSchema),
  changesState: false,
  auth: 'none',
});

export const noticeSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  popupMode: z.number(),
  /** The window in which the notice may pop up, in ms since the epoch (spec 3). */
  popupFrom: z.number(),
  popupTo: z.number(),
});
export type NoticeSummary = z.infer<typeof noticeSummarySchema>;

export const noticeSchema = z.extend(noticeSummarySchema, { body: z.string() });
export type Notice = z.infer<typeof noticeSchema>;

/**
 * GET /notice?id= answers one popup notice, or errcode 3 when it is gone or outside its window
 * (the client rejects that silently, spec 8); without an id it answers the active notices.
 */
export const noticeCall = defineCall({
  method: 'GET',
  path: '/notice',
  query: z.object({ id: z.optional(idField) }),
  data: z.union([noticeSchema, z.array(noticeSummarySchema)]),
  changesState: false,
  auth: 'none',
});
