/**
 * The shape of the demo content: categories and posts, keyed by a stable `key` so that every
 * language file (`<lang>.json` beside this file) translates the same set. A language file holds
 * `{ "categories": { "<id>": "name" }, "posts": { "<key>": { "title", "summary", "body" } } }`.
 *
 * Bodies are plain text, never HTML: paragraphs are separated by a blank line, a line starting
 * with "## " is a heading and lines starting with "- " form a list. The app renders them as text.
 */
export type CategoryKind = 'footer' | 'announcement' | 'college' | 'page' | 'notice' | 'news';

export interface SeedCategory {
  id: number;
  kind: CategoryKind;
  parentId: number | null;
  sortOrder: number;
}

export interface SeedPost {
  key: string;
  categoryId: number;
  /** Pages the app opens by name: 'about', 'user-protection'. */
  slug?: string;
  sortOrder?: number;
  pinned?: boolean;
  /** Popup notices (category 30): mode 1 once, 2 daily, 3 every time; shown for `popupDays` from publication. */
  popupMode?: 1 | 2 | 3;
  popupDays?: number;
  /** Publication date relative to the seed, so demo content always looks recent. */
  publishedDaysAgo: number;
}

/** Footer sections (spec 2): 1000 and 1001; announcements 10 with children; college 20 with children. */
export const SEED_CATEGORIES: SeedCategory[] = [
  { id: 1000, kind: 'footer', parentId: null, sortOrder: 1 },
  { id: 1001, kind: 'footer', parentId: null, sortOrder: 2 },
  { id: 10, kind: 'announcement', parentId: null, sortOrder: 10 },
  { id: 11, kind: 'announcement', parentId: 10, sortOrder: 11 },
  { id: 12, kind: 'announcement', parentId: 10, sortOrder: 12 },
  { id: 13, kind: 'announcement', parentId: 10, sortOrder: 13 },
  { id: 20, kind: 'college', parentId: null, sortOrder: 20 },
  { id: 21, kind: 'college', parentId: 20, sortOrder: 21 },
  { id: 22, kind: 'college', parentId: 20, sortOrder: 22 },
  { id: 23, kind: 'college', parentId: 20, sortOrder: 23 },
  { id: 30, kind: 'notice', parentId: null, sortOrder: 30 },
  { id: 40, kind: 'page', parentId: null, sortOrder: 40 },
];
