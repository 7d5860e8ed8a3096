/**
 * The shape of the demo content: categories and posts, keyed by a stable `key` so that every
 * language file (`<lang>.json` beside this file) translates the same set. A language file holds
 * `{ "categories": { "<id>": "name" }, "posts": { "<key>": { "title", "summary", "body" } } }`.
 *
 * Bodies are plain text, never HTML: paragraphs are separated by a blank line, a line starting
 * with "## " is a heading and lines starting with "- " form a list. The app renders them as text.
 */
import { ANNOUNCEMENTS_CATEGORY_ID, COLLEGE_CATEGORY_ID } from '../../../src/shared/content-sections';

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
  { id: ANNOUNCEMENTS_CATEGORY_ID, kind: 'announcement', parentId: null, sortOrder: 10 },
  { id: 11, kind: 'announcement', parentId: ANNOUNCEMENTS_CATEGORY_ID, sortOrder: 11 },
  { id: 12, kind: 'announcement', parentId: ANNOUNCEMENTS_CATEGORY_ID, sortOrder: 12 },
  { id: 13, kind: 'announcement', parentId: ANNOUNCEMENTS_CATEGORY_ID, sortOrder: 13 },
  { id: COLLEGE_CATEGORY_ID, kind: 'college', parentId: null, sortOrder: 20 },
  { id: 21, kind: 'college', parentId: COLLEGE_CATEGORY_ID, sortOrder: 21 },
  { id: 22, kind: 'college', parentId: COLLEGE_CATEGORY_ID, sortOrder: 22 },
  { id: 23, kind: 'college', parentId: COLLEGE_CATEGORY_ID, sortOrder: 23 },
  { id: 30, kind: 'notice', parentId: null, sortOrder: 30 },
  { id: 40, kind: 'page', parentId: null, sortOrder: 40 },
];

/**
 * The demo posts. Every language file translates exactly these keys. Footer sections are
 * ordered by `sortOrder`; the first item of section 1000 is the about-us entry (the app links
 * it to /about). Section 1001 has eight items so the footer's split at seven is exercised.
 */
export const SEED_POSTS: SeedPost[] = [
  // Pages the app opens by slug.
  { key: 'about', categoryId: 40, slug: 'about', publishedDaysAgo: 60 },
  { key: 'user-protection', categoryId: 40, slug: 'user-protection', publishedDaysAgo: 58 },

  // Footer section 1.
  { key: 'footer-about', categoryId: 1000, sortOrder: 1, publishedDaysAgo: 60 },
  { key: 'terms-of-service', categoryId: 1000, sortOrder: 2, publishedDaysAgo: 59 },
  { key: 'privacy-policy', categoryId: 1000, sortOrder: 3, publishedDaysAgo: 59 },
  { key: 'risk-disclosure', categoryId: 1000, sortOrder: 4, publishedDaysAgo: 58 },
  { key: 'fee-schedule', categoryId: 1000, sortOrder: 5, publishedDaysAgo: 57 },

  // Footer section 2.
  { key: 'listing-application', categoryId: 1001, sortOrder: 1, publishedDaysAgo: 57 },
  { key: 'api-documentation', categoryId: 1001, sortOrder: 2, publishedDaysAgo: 56 },
  { key: 'law-enforcement-requests', categoryId: 1001, sortOrder: 3, publishedDaysAgo: 56 },
  { key: 'aml-policy', categoryId: 1001, sortOrder: 4, publishedDaysAgo: 55 },
  { key: 'cookie-policy', categoryId: 1001, sortOrder: 5, publishedDaysAgo: 55 },
  { key: 'vip-programme', categoryId: 1001, sortOrder: 6, publishedDaysAgo: 54 },
  { key: 'bug-bounty', categoryId: 1001, sortOrder: 7, publishedDaysAgo: 54 },
  { key: 'contact-us', categoryId: 1001, sortOrder: 8, publishedDaysAgo: 53 },

  // Announcements: new listings.
  { key: 'listing-sol-usdt', categoryId: 11, pinned: true, publishedDaysAgo: 3 },
  { key: 'listing-doge-usdt', categoryId: 11, publishedDaysAgo: 12 },
  { key: 'listing-trx-usdt', categoryId: 11, publishedDaysAgo: 27 },
  // Announcements: platform updates.
  { key: 'maintenance-window', categoryId: 12, publishedDaysAgo: 1 },
  { key: 'futures-features', categoryId: 12, publishedDaysAgo: 18 },
  { key: 'security-upgrade', categoryId: 12, publishedDaysAgo: 41 },
  // Announcements: activities.
  { key: 'trading-competition', categoryId: 13, publishedDaysAgo: 6 },
  { key: 'daily-check-in', categoryId: 13, publishedDaysAgo: 33 },

  // College: beginner guides.
  { key: 'what-is-a-crypto-exchange', categoryId: 21, sortOrder: 1, publishedDaysAgo: 52 },
  { key: 'create-and-secure-account', categoryId: 21, sortOrder: 2, publishedDaysAgo: 48 },
  { key: 'how-to-deposit', categoryId: 21, sortOrder: 3, publishedDaysAgo: 44 },
  // College: trading basics.
  { key: 'spot-vs-futures', categoryId: 22, sortOrder: 1, publishedDaysAgo: 38 },
  { key: 'limit-vs-market-orders', categoryId: 22, sortOrder: 2, publishedDaysAgo: 30 },
  { key: 'reading-candlestick-charts', categoryId: 22, sortOrder: 3, publishedDaysAgo: 22 },
  // College: security.
  { key: 'two-factor-authentication', categoryId: 23, sortOrder: 1, publishedDaysAgo: 15 },
  { key: 'avoid-phishing-and-scams', categoryId: 23, sortOrder: 2, publishedDaysAgo: 9 },

  // Popup notices: mode 1 once, 2 daily, 3 every time.
  { key: 'notice-welcome', categoryId: 30, popupMode: 1, popupDays: 30, publishedDaysAgo: 0 },
  { key: 'notice-risk-reminder', categoryId: 30, popupMode: 2, popupDays: 30, publishedDaysAgo: 1 },
  { key: 'notice-official-domains', categoryId: 30, popupMode: 1, popupDays: 30, publishedDaysAgo: 2 },
];
