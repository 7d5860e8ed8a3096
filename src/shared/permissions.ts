/**
 * Area permissions (spec 6 and 9): the site config carries a bitmask; 0 allows everything,
 * otherwise an area whose bit is set is hidden.
 */
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

/** The area a path belongs to, by its first segment after an optional language prefix. */
export function areaOfPath(path: string): Area | undefined {
  const segments = path.toLowerCase().split('/').filter(Boolean);
  for (const segment of segments.slice(0, 2)) {
    if (segment in AREA_BITS) return segment as Area;
  }
  return undefined;
}

export function isPathAllowed(permission: number, path: string): boolean {
  const area = areaOfPath(path);
  return area === undefined || isAreaAllowed(permission, area);
}
