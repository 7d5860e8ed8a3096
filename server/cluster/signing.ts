/**
 * Internal calls between server instances are signed with CLUSTER_SECRET: HMAC-SHA256 over the
 * method, the path, the time, a nonce and the body, exactly as sent. The receiver refuses a call
 * whose time is more than FRESH_MS from its own clock (a captured call cannot be sent later) and
 * one whose nonce it has seen (nor sent again within that window). Real time, not the context's
 * clock: both ends are real servers, and tests move the context clock.
 */
import crypto from 'node:crypto';

/** How far a call's time may be from the receiver's clock, either way. */
export const FRESH_MS = 15_000;

export const SIGNATURE_HEADERS = { time: 'x-cluster-time', nonce: 'x-cluster-nonce', signature: 'x-cluster-signature' } as const;

function hmac(secret: string, method: string, path: string, time: string, nonce: string, body: string): string {
  return crypto.createHmac('sha256', secret).update(`${method}\n${path}\n${time}\n${nonce}\n${body}`).digest('hex');
}

/** The headers that sign a call of `body` to `path`. */
export function signCall(secret: string, method: string, path: string, body: string, now = Date.now()): Record<string, string> {
  const time = String(now);
  const nonce = crypto.randomBytes(16).toString('hex');
  return {
    [SIGNATURE_HEADERS.time]: time,
    [SIGNATURE_HEADERS.nonce]: nonce,
    [SIGNATURE_HEADERS.signature]: hmac(secret, method, path, time, nonce, body),
  };
}

/** Checks signed calls, remembering each accepted nonce for as long as its call would be fresh. */
export class SignatureCheck {
  private readonly seen = new Map<string, number>();

  constructor(private readonly secret: string) {}

  verify(method: string, path: string, headers: Record<string, string | string[] | undefined>, body: string, now = Date.now()): boolean {
    const time = headers[SIGNATURE_HEADERS.time];
    const nonce = headers[SIGNATURE_HEADERS.nonce];
    const signature = headers[SIGNATURE_HEADERS.signature];
    if (typeof time !== 'string' || typeof nonce !== 'string' || typeof signature !== 'string') return false;
    const sentAt = Number(time);
    if (!Number.isSafeInteger(sentAt) || Math.abs(now - sentAt) > FRESH_MS) return false;
    const expected = Buffer.from(hmac(this.secret, method, path, time, nonce, body));
    const presented = Buffer.from(signature);
    if (presented.length !== expected.length || !crypto.timingSafeEqual(presented, expected)) return false;
    this.forgetStale(now);
    if (this.seen.has(nonce)) return false;
    this.seen.set(nonce, sentAt + FRESH_MS);
    return true;
  }

  /** Nonces of calls that are no longer fresh cannot come back: forgotten (in insertion order, roughly time order). */
  private forgetStale(now: number): void {
    for (const [nonce, freshUntil] of this.seen) {
      if (freshUntil >= now) break;
      this.seen.delete(nonce);
    }
  }
}
