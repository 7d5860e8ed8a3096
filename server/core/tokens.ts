/**
 * Random tokens (session cookies, CSRF tokens, help-desk keys) and the hash under which a token is
 * stored, so that a leaked database does not leak live tokens.
 */
import crypto from 'node:crypto';

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
