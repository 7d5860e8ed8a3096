/** Proves the logout sequence (R-HEAD-07: sign out through the hub, then clear the session and go to login; failures only logged), the resend countdown's arithmetic and the preselected country code. */
import { describe, expect, it } from 'vitest';
import { secondsLeft } from '../../../../src/app/ui/resendCountdown';
import { preferredRegion } from '../../../../src/app/features/account/regions';
import { signOutAndLeave } from '../../../../src/app/features/account/signOut';
import type { Region } from '../../../../src/shared/api/site';

describe('signOutAndLeave', () => {
  it('R-HEAD-07 signs out through the hub, then clears the session, then goes to login', async () => {
    const steps: string[] = [];
    await signOutAndLeave({
      signOut: async () => {
        steps.push('signOut');
      },
      clearSession: () => steps.push('clearSession'),
      goToLogin: () => steps.push('goToLogin'),
      log: () => steps.push('log'),
    });
    expect(steps).toEqual(['signOut', 'clearSession', 'goToLogin']);
  });

  it('R-CLI-11 a failed sign-out is only logged: the tab still clears its session and leaves', async () => {
    const steps: string[] = [];
    const logged: unknown[] = [];
    await signOutAndLeave({
      signOut: async () => {
        throw new Error('the hub did not answer');
      },
      clearSession: () => steps.push('clearSession'),
      goToLogin: () => steps.push('goToLogin'),
      log: (message, error) => logged.push(message, error),
    });
    expect(steps).toEqual(['clearSession', 'goToLogin']);
    expect(logged[0]).toBe('Sign-out failed');
    expect(logged[1]).toBeInstanceOf(Error);
  });
});

describe('secondsLeft', () => {
  it('rounds up to whole seconds and stops at zero', () => {
    expect(secondsLeft(61_000, 1_000)).toBe(60);
    expect(secondsLeft(61_000, 1_001)).toBe(60);
    expect(secondsLeft(61_000, 60_999)).toBe(1);
    expect(secondsLeft(61_000, 61_000)).toBe(0);
    expect(secondsLeft(61_000, 90_000)).toBe(0);
  });
});

describe('preferredRegion', () => {
  const regions: Region[] = [
    { code: 'AF', dialCode: '+93', name: 'Afghanistan' },
    { code: 'CN', dialCode: '+86', name: 'China' },
    { code: 'DE', dialCode: '+49', name: 'Germany' },
    { code: 'GB', dialCode: '+44', name: 'United Kingdom' },
    { code: 'US', dialCode: '+1', name: 'United States' },
  ];

  it("takes the region of the browser's first locale that names one", () => {
    expect(preferredRegion(regions, ['en-GB', 'en-US'], 'en')?.code).toBe('GB');
    expect(preferredRegion(regions, ['fr', 'de-DE'], 'en')?.code).toBe('DE');
    expect(preferredRegion(regions, ['zh-Hans-CN'], 'en')?.code).toBe('CN');
  });

  it("else the main country of the page's language, else the first region", () => {
    expect(preferredRegion(regions, ['en'], 'de')?.code).toBe('DE');
    expect(preferredRegion(regions, [], 'zh')?.code).toBe('CN');
    expect(preferredRegion(regions, ['xx-ZZ'], 'ja')?.code).toBe('AF');
    expect(preferredRegion([], ['en-US'], 'en')).toBeUndefined();
  });
});
