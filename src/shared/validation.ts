/** Validation rules of spec section 5, shared by the server's schemas and the app's forms. */

/** Phone (spec 5): with +86, 11 digits starting with 1; otherwise 6 to 16 characters, digits only after the first. */
export function isValidPhone(countryCode: string, phone: string): boolean {
  const code = countryCode.trim().replace(/^\+?/, '+');
  if (code === '+86') return /^1\d{10}$/.test(phone);
  return /^[^\s]\d{5,15}$/.test(phone);
}

/** E-mail (spec 5): trimmed word, dash or dot characters, an @, then word, dash or dot characters. */
export function isValidEmail(email: string): boolean {
  return /^[\w.-]+@[\w.-]+$/.test(email.trim());
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const PASSWORD_LENGTH_MIN = 8;
export const PASSWORD_LENGTH_MAX = 64;

/** A password needs a letter and a digit, 8 to 64 characters. */
export function isAcceptablePassword(password: string): boolean {
  return (
    password.length >= PASSWORD_LENGTH_MIN &&
    password.length <= PASSWORD_LENGTH_MAX &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password)
  );
}

export interface ProfileIdentity {
  phone?: unknown;
  email?: unknown;
}

/** A profile must carry a phone or an e-mail string (spec 5: 'An invalid profile'). */
export function assertValidProfile<T extends ProfileIdentity>(profile: T | null | undefined): T {
  if (!profile || (typeof profile.phone !== 'string' && typeof profile.email !== 'string')) {
    throw new Error('An invalid profile');
  }
  return profile;
}

/** An identity status response that is not a number or is negative is an error (spec 5). */
export function parseIdentityStatus(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new Error('Invalid id-verification status response');
  }
  return value;
}
