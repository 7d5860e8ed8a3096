/** Proves the security level's count and words: the login password always counts, each further protection adds one. */
import { describe, expect, it } from 'vitest';
import { countSecurityFactors, SECURITY_FACTORS_TOTAL, securityLevelOf } from '../../../src/shared/security';

describe('countSecurityFactors', () => {
  it('counts the login password alone as one, and every protection as one more', () => {
    expect(countSecurityFactors({ withdrawPasswordSet: false, gaBound: false })).toBe(1);
    expect(countSecurityFactors({ withdrawPasswordSet: false, gaBound: false, email: 'a@b.c' })).toBe(2);
    expect(countSecurityFactors({ withdrawPasswordSet: true, gaBound: true, email: 'a@b.c', phone: '5550100002' })).toBe(SECURITY_FACTORS_TOTAL);
    expect(countSecurityFactors({ withdrawPasswordSet: false, gaBound: false, phone: '' })).toBe(1);
  });

  it('calls two or fewer low, three medium, four or more high', () => {
    expect([1, 2, 3, 4, 5].map(securityLevelOf)).toEqual(['low', 'low', 'medium', 'high', 'high']);
  });
});
