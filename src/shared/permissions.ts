/**
 * Area permissions (spec 6 and 9): the site config carries a bitmask; 0 allows everything,
 * otherwise an area whose bit is set is hidden.
 */
import { PREFIXED_LANGUAGES } from './languages';

const PREFIXES = new Set(PREFIXED_LANGUAGES.map((language) => language.toLowerCase()));

export const AREA_BITS = {
  announcements: 1,
  college: 2,
  boption: 4,
  exchange: 8,
  futures: 16,
  startup: 32,
  convert: 64,
  finance: 128,
  staking: 256,
  loan: 512,
} as const;
export type Area = keyof typeof AREA_BITS;

export function isAreaAllowed(permission: number, area: Area): boolean {
  if (permission === 0) return true;
  return (permission & AREA_BITS[area]) === 0;
}

/**
 * The area a path belongs to: its first segment after an optional language prefix, whatever the
 * case, with the query and hash ignored (/en/Exchange?id=btc_usdt is the exchange area).
 */
export function areaOfPath(path: string): Area | undefined {
  const pathname = path.split(/[?#]/)[0] ?? '';
  const segments = pathname.split('/').filter(Boolean);
  const first = segments[0];
  const areaSegment = first !== undefined && PREFIXES.has(first.toLowerCase()) ? segments[1] : first;
  const area = areaSegment?.toLowerCase();
  return area !== undefined && Object.hasOwn(AREA_BITS, area) ? (area as Area) : undefined;
}

export function isPathAllowed(permission: number, path: string): boolean {
  const area = areaOfPath(path);
  return area === undefined || isAreaAllowed(permission, area);
}
