/**
 * Loads the demo content: the categories and posts of content/structure.ts with their texts from
 * content/<lang>.json, read at seed time. A language file may lack a category name or a post: the
 * reader of that language then gets English (the content module falls back at read time). A post
 * without English text is not loaded, since no reader could fall back to it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod/mini';
import { DEFAULT_REQUEST_LANGUAGE, LANGUAGES, type Language } from '../../src/shared/languages';
import type { AppContext } from '../context';
import { insertCategory, insertPost } from '../modules/content/repo';
import { SEED_CATEGORIES, SEED_POSTS, type SeedPost } from './content/structure';

export const CONTENT_DIR = fileURLToPath(new URL('./content/', import.meta.url));
const DAY_MS = 24 * 60 * 60 * 1000;

const postTextSchema = z.object({ title: z.string().check(z.minLength(1)), summary: z.string(), body: z.string().check(z.minLength(1)) });
const languageFileSchema = z.object({
  categories: z._default(z.record(z.string(), z.string()), {}),
  posts: z._default(z.record(z.string(), postTextSchema), {}),
});
export type ContentLanguageFile = z.infer<typeof languageFileSchema>;

/** The language files that exist, parsed; a malformed file stops the seed with its name. */
export function readContentLanguageFiles(directory = CONTENT_DIR): Map<Language, ContentLanguageFile> {
  const files = new Map<Language, ContentLanguageFile>();
  for (const language of LANGUAGES) {
    const file = path.join(directory, `${language}.json`);
    if (!fs.existsSync(file)) continue;
    const parsed = languageFileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`content file ${file} is malformed: ${parsed.error.message}`);
    files.set(language, parsed.data);
  }
  return files;
}

function seedPostTranslations(post: SeedPost, files: Map<Language, ContentLanguageFile>) {
  return [...files].flatMap(([lang, file]) => {
    const text = file.posts[post.key];
    return text ? [{ lang, title: text.title, summary: text.summary, body: text.body }] : [];
  });
}

export async function seedContent(context: AppContext, directory = CONTENT_DIR): Promise<void> {
  const files = readContentLanguageFiles(directory);
  const now = context.now();
  await context.db.transaction().execute(async (trx) => {
    for (const category of SEED_CATEGORIES) {
      const names = [...files].flatMap(([lang, file]) => {
        const name = file.categories[String(category.id)];
        return name ? [{ lang, name }] : [];
      });
      await insertCategory(trx, category, names);
    }
    for (const post of SEED_POSTS) {
      const translations = seedPostTranslations(post, files);
      if (!translations.some((translation) => translation.lang === DEFAULT_REQUEST_LANGUAGE)) continue;
      const publishedAt = now - post.publishedDaysAgo * DAY_MS;
      const isPopup = post.popupMode !== undefined;
      await insertPost(
        trx,
        {
          categoryId: post.categoryId,
          slug: post.slug ?? null,
          sortOrder: post.sortOrder ?? 0,
          pinned: post.pinned ?? false,
          coverUrl: '',
          popupMode: post.popupMode ?? null,
          popupFrom: isPopup ? publishedAt : null,
          popupTo: isPopup ? publishedAt + (post.popupDays ?? 0) * DAY_MS : null,
          publishedAt,
          translations,
        },
        publishedAt,
      );
    }
  });
}
