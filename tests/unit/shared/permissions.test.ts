/** Proves the area bitmask of spec 6 and 9: 0 allows every area, and each area hides exactly when its own bit is set. */
import { describe, expect, it } from 'vitest';
import { AREA_BITS, areaOfPath, isAreaAllowed, isPathAllowed, type Area } from '../../../src/shared/permissions';

const SPEC_BITS: Record<Area, number> = {
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
};
const AREAS = Object.keys(SPEC_BITS) as Area[];
const ALL_BITS = AREAS.reduce((mask, area) => mask | SPEC_BITS[area], 0);

describe('area permissions', () => {
  it('R-ROLE-04 uses the bit values of spec 9', () => {
    expect(AREA_BITS).toEqual(SPEC_BITS);
  });

  it('R-ROLE-04 a permission of 0 allows every area', () => {
    for (const area of AREAS) expect(isAreaAllowed(0, area)).toBe(true);
  });

  it.each(AREAS)('R-ROLE-04 the bit of %s hides that area and no other', (area) => {
    const bit = SPEC_BITS[area];
    expect(isAreaAllowed(bit, area)).toBe(false);
    for (const other of AREAS.filter((candidate) => candidate !== area)) {
      expect(isAreaAllowed(bit, other), other).toBe(true);
    }
    expect(isAreaAllowed(ALL_BITS & ~bit, area)).toBe(true);
    expect(isAreaAllowed(ALL_BITS, area)).toBe(false);
  });

  it('R-ROLE-04 decides a path by the area of its first segment, with or without a language prefix', () => {
    expect(areaOfPath('/exchange')).toBe('exchange');
    expect(areaOfPath('/en/Futures')).toBe('futures');
    expect(areaOfPath('/zh-CHT/staking')).toBe('staking');
    expect(areaOfPath('/Boption/BoptionCoinOrder')).toBe('boption');
    expect(areaOfPath('/')).toBeUndefined();
    expect(areaOfPath('/assets')).toBeUndefined();

    const exchangeHidden = SPEC_BITS.exchange | SPEC_BITS.loan;
    expect(isPathAllowed(exchangeHidden, '/Exchange')).toBe(false);
    expect(isPathAllowed(exchangeHidden, '/de/exchange')).toBe(false);
    expect(isPathAllowed(exchangeHidden, '/loan')).toBe(false);
    expect(isPathAllowed(exchangeHidden, '/futures')).toBe(true);
    expect(isPathAllowed(exchangeHidden, '/profile/dashboard')).toBe(true);
    expect(isPathAllowed(0, '/exchange')).toBe(true);
  });
});

describe('areaOfPath', () => {
  it('R-ROLE-04 finds the area after an optional language prefix, ignoring case, query and hash', () => {
    expect(areaOfPath('/en/Exchange?id=btc_usdt')).toBe('exchange');
    expect(areaOfPath('/zh-CHT/futures#top')).toBe('futures');
    expect(areaOfPath('/STAKING')).toBe('staking');
    expect(areaOfPath('/assets/finance')).toBeUndefined();
    expect(areaOfPath('/constructor')).toBeUndefined();
    expect(isPathAllowed(AREA_BITS.exchange, '/en/exchange?id=btc_usdt')).toBe(false);
    expect(isPathAllowed(AREA_BITS.exchange, '/quotes')).toBe(true);
  });
});
