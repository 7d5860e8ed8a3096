/**
 * Where the content screens find their articles and where they link, and the root categories the
 * server seeds (server/seed/content/structure.ts reads these ids): announcements under 10, the
 * college under 20, each with its sub-categories; the about and user-protection pages are posts
 * named by slug. Links are page paths without a language prefix (PageLink adds it).
 */
export const ANNOUNCEMENTS_CATEGORY_ID = 10;
export const COLLEGE_CATEGORY_ID = 20;

export const ABOUT_SLUG = 'about';
export const USER_PROTECTION_SLUG = 'user-protection';

/** How many of the latest announcements the brief list shows. */
export const BRIEF_ANNOUNCEMENTS_MAX = 10;

export function announcementsPath(categoryId: number): string {
  return categoryId === ANNOUNCEMENTS_CATEGORY_ID ? '/announcements' : `/announcements?category=${categoryId}`;
}

export function announcementPath(id: number): string {
  return `/announcements/detail?id=${id}`;
}

export function collegePath(categoryId: number): string {
  return categoryId === COLLEGE_CATEGORY_ID ? '/college' : `/college?category=${categoryId}`;
}

/** The college article page: spec 2's component page College/Components/CollegeDetail, with the article's id. */
export function collegeArticlePath(id: number): string {
  return `/college/components/collegedetail?id=${id}`;
}

export function postPath(id: number): string {
  return `/post/detail?id=${id}`;
}
