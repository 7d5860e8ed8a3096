/**
 * Encrypts the Google Authenticator secrets at rest (AES-256-GCM), so that a copy of the database
 * (a backup, a support dump) does not hand out everyone's second factor. The key is derived from
 * the server's admin token, the one secret every deployment already keeps outside the database
 * (DATA_DIR/admin-token, mode 600): replacing that file makes the stored secrets unreadable, and
 * the users concerned bind GA again.
 */
import crypto from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keys = new Map<string, Buffer>();

function keyOf(masterSecret: string): Buffer {
  let key = keys.get(masterSecret);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync('sha256', masterSecret, 'user_security', 'google authenticator secret', 32));
    keys.set(masterSecret, key);
  }
  return key;
}

export function sealSecret(masterSecret: string, plaintext: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(masterSecret), iv);
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** The plaintext, or null when the value was sealed with another key or altered. */
export function openSecret(masterSecret: string, sealed: string): string | null {
  const [version, body] = sealed.split(':');
  if (version !== VERSION || !body) return null;
  const bytes = Buffer.from(body, 'base64url');
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(masterSecret), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
