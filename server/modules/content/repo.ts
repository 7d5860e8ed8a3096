/**
 * SQL of the content module. Every read picks the texts of the reader's language and falls back
 * to English column by column of the same post, so a post missing one translation still reads
 * whole. A post without an English translation is not visible: English is the language every
 * post is published in (the operator API requires it, the seed skips posts without it).
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { CategoryKind } from '../../../src/shared/api/content';
import { DEFAULT_REQUEST_LANGUAGE, type Language } from '../../../src/shared/languages';
import type { Database } from '../../db/schema';
import type { Executor } from '../../core/executor';

export interface CategoryRow {
  id: number;
  kind: CategoryKind;
  parentId: number | null;
  sortOrder: number;
}

export async function selectCategories(executor: Executor): Promise<CategoryRow[]> {
  const rows = await executor.selectFrom('post_categories').selectAll().orderBy('sort_order').orderBy('id').execute();
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind as CategoryKind,
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    sortOrder: Number(row.sort_order),
  }));
}

/** Category names in `language`, English where that name is missing, '' where both are. */
export async function selectCategoryNames(executor: Executor, ids: number[], language: Language): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (ids.length === 0) return names;
  const rows = await executor
    .selectFrom('post_category_names')
    .select(['category_id', 'lang', 'name'])
    .where('category_id', 'in', ids.map(BigInt))
    .where('lang', 'in', [language, DEFAULT_REQUEST_LANGUAGE])
    .execute();
  for (const row of rows) {
    const id = Number(row.category_id);
    if (row.lang === language || !names.has(id)) names.set(id, row.name);
  }
  for (const id of ids) if (!names.has(id)) names.set(id, '');
  return names;
}

/** The language-independent fields of a post, as stored and as published. */
export interface PostFields {
  categoryId: number;
  slug: string | null;
  sortOrder: number;
  pinned: boolean;
  coverUrl: string;
  popupMode: number | null;
  popupFrom: number | null;
  popupTo: number | null;
  publishedAt: number;
}

export interface PostTextRow extends PostFields {
  id: number;
  updatedAt: number;
  title: string;
  summary: string;
  body: string;
  /** The language the texts are in. */
  lang: string;
}

export type PostOrder = 'newest' | 'curated';

export interface PostFilter {
  categoryIds?: number[];
  id?: number;
  slug?: string;
  /** Matches the title, summary or body the reader sees, case-insensitively. */
  search?: string;
  /** Only popup notices whose window contains this instant. */
  activePopupAt?: number;
}

/** The posts published by `now` with their texts in `language` (English fallback). */
function selectPostTexts(executor: Executor, language: Language, now: number, filter: PostFilter) {
  let query = executor
    .selectFrom('posts')
    .innerJoin('post_translations as fallback', (join) =>
      join.onRef('fallback.post_id', '=', 'posts.id').on('fallback.lang', '=', DEFAULT_REQUEST_LANGUAGE),
    )
    .leftJoin('post_translations as local', (join) => join.onRef('local.post_id', '=', 'posts.id').on('local.lang', '=', language))
    .where('posts.published_at', '<=', BigInt(now));
  // No categories, no posts: `in ()` is SQLite's, PostgreSQL refuses the empty list.
  if (filter.categoryIds) query = filter.categoryIds.length === 0 ? query.where(sql<boolean>`false`) : query.where('posts.category_id', 'in', filter.categoryIds.map(BigInt));
  if (filter.id !== undefined) query = query.where('posts.id', '=', BigInt(filter.id));
  if (filter.slug !== undefined) query = query.where('posts.slug', '=', filter.slug);
  if (filter.activePopupAt !== undefined) {
    const at = BigInt(filter.activePopupAt);
    query = query.where('posts.popup_mode', 'is not', null).where('posts.popup_from', '<=', at).where('posts.popup_to', '>=', at);
  }
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([searchMatches(eb, 'title', pattern), searchMatches(eb, 'summary', pattern), searchMatches(eb, 'body', pattern)]),
    );
  }
  return query;
}

type PostTextsScope = ExpressionBuilder<
  Database & { fallback: Database['post_translations']; local: Database['post_translations'] },
  'posts' | 'fallback' | 'local'
>;

function searchMatches(eb: PostTextsScope, column: 'title' | 'summary' | 'body', pattern: string) {
  const shown = eb.fn.coalesce(`local.${column}`, `fallback.${column}`);
  return eb(eb.fn('lower', [shown]), 'like', sql<string>`${pattern} escape '\\'`);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export async function selectPosts(
  executor: Executor,
  language: Language,
  now: number,
  filter: PostFilter,
  page: { offset: number; limit: number; order: PostOrder },
): Promise<PostTextRow[]> {
  let query = selectPostTexts(executor, language, now, filter).select((eb) => [
    'posts.id',
    'posts.category_id',
    'posts.slug',
    'posts.sort_order',
    'posts.pinned',
    'posts.cover_url',
    'posts.popup_mode',
    'posts.popup_from',
    'posts.popup_to',
    'posts.published_at',
    'posts.updated_at',
    'local.lang as local_lang',
    eb.fn.coalesce('local.title', 'fallback.title').as('title'),
    eb.fn.coalesce('local.summary', 'fallback.summary').as('summary'),
    eb.fn.coalesce('local.body', 'fallback.body').as('body'),
  ]);
  query =
    page.order === 'curated'
      ? query.orderBy('posts.sort_order').orderBy('posts.id')
      : query.orderBy('posts.pinned', 'desc').orderBy('posts.published_at', 'desc').orderBy('posts.id', 'desc');
  const rows = await query.limit(page.limit).offset(page.offset).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    categoryId: Number(row.category_id),
    slug: row.slug,
    sortOrder: Number(row.sort_order),
    pinned: row.pinned === 1n,
    coverUrl: row.cover_url,
    popupMode: row.popup_mode === null ? null : Number(row.popup_mode),
    popupFrom: row.popup_from === null ? null : Number(row.popup_from),
    popupTo: row.popup_to === null ? null : Number(row.popup_to),
    publishedAt: Number(row.published_at),
    updatedAt: Number(row.updated_at),
    title: row.title,
    summary: row.summary,
    body: row.body,
    lang: row.local_lang ?? DEFAULT_REQUEST_LANGUAGE,
  }));
}

export async function countPosts(executor: Executor, language: Language, now: number, filter: PostFilter): Promise<number> {
  const row = await selectPostTexts(executor, language, now, filter)
    .select((eb) => eb.fn.countAll<bigint>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function slugExists(executor: Executor, slug: string): Promise<boolean> {
  const row = await executor.selectFrom('posts').select('id').where('slug', '=', slug).executeTakeFirst();
  return row !== undefined;
}

export interface NewPost extends PostFields {
  translations: { lang: string; title: string; summary: string; body: string }[];
}

export async function insertPost(executor: Executor, post: NewPost, now: number): Promise<number> {
  const row = await executor
    .insertInto('posts')
    .values({
      category_id: post.categoryId,
      slug: post.slug,
      sort_order: post.sortOrder,
      pinned: post.pinned ? 1 : 0,
      cover_url: post.coverUrl,
      popup_mode: post.popupMode,
      popup_from: post.popupFrom,
      popup_to: post.popupTo,
      published_at: post.publishedAt,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (post.translations.length > 0) {
    await executor
      .insertInto('post_translations')
      .values(post.translations.map((translation) => ({ post_id: row.id, ...translation })))
      .execute();
  }
  return Number(row.id);
}

export async function insertCategory(executor: Executor, category: CategoryRow, names: { lang: string; name: string }[]): Promise<void> {
  await executor
    .insertInto('post_categories')
    .values({ id: category.id, kind: category.kind, parent_id: category.parentId, sort_order: category.sortOrder })
    .execute();
  if (names.length > 0) {
    await executor
      .insertInto('post_category_names')
      .values(names.map((entry) => ({ category_id: category.id, lang: entry.lang, name: entry.name })))
      .execute();
  }
}
