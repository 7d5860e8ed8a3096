/**
 * Rules of the content module: which posts a reader sees (published, in the category or its
 * sub-categories, in their language with English fallback), how a listing is ordered and paged,
 * when a popup notice is live, and what an operator may publish.
 */
import type { Category, FooterSection, Notice, NoticeSummary, Post, PostSummary } from '../../../src/shared/api/content';
import { FOOTER_CATEGORY_IDS, LIST_PAGE_MAX } from '../../../src/shared/constants';
import { LANGUAGES, type Language } from '../../../src/shared/languages';
import type { AppContext } from '../../context';
import { invalidFields, notFound } from '../../core/errors';
import { refuse } from './errors';
import * as repo from './repo';

export const CATEGORY_PAGE_DEFAULT = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A category and every category below it, at any depth. */
function categoryTree(categories: repo.CategoryRow[], rootId: number): number[] {
  const ids = [rootId];
  for (let index = 0; index < ids.length; index += 1) {
    for (const category of categories) if (category.parentId === ids[index] && !ids.includes(category.id)) ids.push(category.id);
  }
  return ids;
}

/** Footer sections keep the operator's order; everything else reads newest first, pinned on top. */
function orderOfKind(kind: repo.CategoryRow['kind']): repo.PostOrder {
  return kind === 'footer' ? 'curated' : 'newest';
}

function toSummary(row: repo.PostTextRow): PostSummary {
  return {
    id: row.id,
    categoryId: row.categoryId,
    title: row.title,
    summary: row.summary,
    publishedAt: row.publishedAt,
    pinned: row.pinned,
    coverUrl: row.coverUrl,
  };
}

export async function listCategory(
  context: AppContext,
  language: Language,
  input: { id?: number; q?: string; offset?: number; limit?: number },
): Promise<{ category: Category; posts: PostSummary[]; total: number }> {
  const categories = await repo.selectCategories(context.db);
  const category = categories.find((candidate) => candidate.id === input.id);
  if (!category) refuse('categoryNotFound');
  const children = categories.filter((candidate) => candidate.parentId === category.id);
  const names = await repo.selectCategoryNames(context.db, [category.id, ...children.map((child) => child.id)], language);
  const filter: repo.PostFilter = { categoryIds: categoryTree(categories, category.id), search: input.q || undefined };
  const now = context.now();
  const limit = Math.min(input.limit ?? CATEGORY_PAGE_DEFAULT, LIST_PAGE_MAX);
  const page = { offset: input.offset ?? 0, limit, order: orderOfKind(category.kind) };
  const [rows, total] = await Promise.all([
    repo.selectPosts(context.db, language, now, filter, page),
    repo.countPosts(context.db, language, now, filter),
  ]);
  return {
    category: {
      id: category.id,
      name: names.get(category.id) ?? '',
      kind: category.kind,
      parentId: category.parentId,
      children: children.map((child) => ({ id: child.id, name: names.get(child.id) ?? '' })),
    },
    posts: rows.map(toSummary),
    total,
  };
}

export async function readPost(context: AppContext, language: Language, key: { id?: number; slug?: string }): Promise<Post> {
  const [row] = await repo.selectPosts(context.db, language, context.now(), key, { offset: 0, limit: 1, order: 'newest' });
  if (!row) refuse('postNotFound');
  return {
    id: row.id,
    categoryId: row.categoryId,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    body: row.body,
    publishedAt: row.publishedAt,
    updatedAt: row.updatedAt,
    lang: row.lang,
    coverUrl: row.coverUrl,
  };
}

/** The footer's link sections, categories 1000 and 1001 in that order (spec 2 and 9). */
export async function footerSections(context: AppContext, language: Language): Promise<FooterSection[]> {
  const categories = await repo.selectCategories(context.db);
  const present = FOOTER_CATEGORY_IDS.filter((id) => categories.some((category) => category.id === id));
  const names = await repo.selectCategoryNames(context.db, present, language);
  const now = context.now();
  return Promise.all(
    present.map(async (id) => {
      const rows = await repo.selectPosts(context.db, language, now, { categoryIds: [id] }, { offset: 0, limit: LIST_PAGE_MAX, order: 'curated' });
      return { id, name: names.get(id) ?? '', items: rows.map((row) => ({ id: row.id, title: row.title, slug: row.slug })) };
    }),
  );
}

function noticeCategoryIds(categories: repo.CategoryRow[]): number[] {
  return categories.filter((category) => category.kind === 'notice').map((category) => category.id);
}

function toNoticeSummary(row: repo.PostTextRow): NoticeSummary {
  // The active-popup filter guarantees the three popup columns are set.
  return { id: row.id, title: row.title, summary: row.summary, popupMode: row.popupMode ?? 0, popupFrom: row.popupFrom ?? 0, popupTo: row.popupTo ?? 0 };
}

/**
 * A popup notice is live while published and inside its window. Anything else answers errcode 3,
 * which the spec's client rejects silently (spec 8): a notice that is gone is not an error.
 */
export async function readNotice(context: AppContext, language: Language, id: number): Promise<Notice> {
  const categories = await repo.selectCategories(context.db);
  const now = context.now();
  const filter = { id, categoryIds: noticeCategoryIds(categories), activePopupAt: now };
  const [row] = await repo.selectPosts(context.db, language, now, filter, { offset: 0, limit: 1, order: 'newest' });
  if (!row) notFound();
  return { ...toNoticeSummary(row), body: row.body };
}

export async function activeNotices(context: AppContext, language: Language): Promise<NoticeSummary[]> {
  const categories = await repo.selectCategories(context.db);
  const now = context.now();
  const filter = { categoryIds: noticeCategoryIds(categories), activePopupAt: now };
  const rows = await repo.selectPosts(context.db, language, now, filter, { offset: 0, limit: LIST_PAGE_MAX, order: 'newest' });
  return rows.map(toNoticeSummary);
}

export interface PublishInput {
  categoryId: number;
  slug?: string;
  sortOrder?: number;
  pinned?: boolean;
  popupMode?: number;
  popupFrom?: number;
  popupTo?: number;
  popupDays?: number;
  coverUrl?: string;
  translations: Partial<Record<Language, { title: string; summary: string; body: string }>>;
}

/** The popup window of a new post: only notices have one, and it must not be empty. */
function publishPopupWindow(kind: repo.CategoryRow['kind'], input: PublishInput, now: number) {
  const hasPopupFields = [input.popupMode, input.popupFrom, input.popupTo, input.popupDays].some((value) => value !== undefined);
  if (kind !== 'notice') {
    if (hasPopupFields) invalidFields({ popupMode: 'only popup notices have a popup mode and window' });
    return { popupMode: null, popupFrom: null, popupTo: null };
  }
  if (input.popupMode === undefined) invalidFields({ popupMode: 'a popup notice needs a popup mode (1, 2 or 3)' });
  if (input.popupTo !== undefined && input.popupDays !== undefined) invalidFields({ popupTo: 'give popupTo or popupDays, not both' });
  const popupFrom = input.popupFrom ?? now;
  const popupTo = input.popupTo ?? (input.popupDays === undefined ? undefined : popupFrom + input.popupDays * DAY_MS);
  if (popupTo === undefined) invalidFields({ popupTo: 'a popup notice needs popupTo or popupDays' });
  if (popupTo <= popupFrom) invalidFields({ popupTo: 'must be after popupFrom' });
  return { popupMode: input.popupMode, popupFrom, popupTo };
}

export async function publishPost(context: AppContext, input: PublishInput): Promise<{ id: number }> {
  const categories = await repo.selectCategories(context.db);
  const category = categories.find((candidate) => candidate.id === input.categoryId);
  if (!category) refuse('categoryNotFound');
  const now = context.now();
  const popup = publishPopupWindow(category.kind, input, now);
  const translations = LANGUAGES.flatMap((lang) => {
    const text = input.translations[lang];
    return text ? [{ lang, title: text.title, summary: text.summary, body: text.body }] : [];
  });
  return context.db.transaction().execute(async (trx) => {
    if (input.slug !== undefined && (await repo.slugExists(trx, input.slug))) invalidFields({ slug: 'already used by another post' });
    const id = await repo.insertPost(
      trx,
      {
        categoryId: category.id,
        slug: input.slug ?? null,
        sortOrder: input.sortOrder ?? 0,
        pinned: input.pinned ?? false,
        coverUrl: input.coverUrl ?? '',
        ...popup,
        publishedAt: now,
        translations,
      },
      now,
    );
    return { id };
  });
}
