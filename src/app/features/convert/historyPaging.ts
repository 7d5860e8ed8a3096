/** Paging of the convert history: pages of CONVERT_HISTORY_PAGE_SIZE, numbered from 1. */
export const CONVERT_HISTORY_PAGE_SIZE = 20;

/** How many pages `total` orders fill (at least one, so an empty history is page 1 of 1). */
export function pageCount(total: number, pageSize = CONVERT_HISTORY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** A page number clamped into 1..pageCount. */
export function clampPage(page: number, total: number, pageSize = CONVERT_HISTORY_PAGE_SIZE): number {
  return Math.min(Math.max(1, Math.trunc(page)), pageCount(total, pageSize));
}

/** The server offset of a page number (from 1). */
export function pageOffset(page: number, pageSize = CONVERT_HISTORY_PAGE_SIZE): number {
  return (Math.max(1, Math.trunc(page)) - 1) * pageSize;
}
