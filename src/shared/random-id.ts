/**
 * A random version-4 UUID. Browsers offer `crypto.randomUUID` only in secure contexts (HTTPS,
 * localhost); a page served over plain HTTP on a LAN address has `crypto.getRandomValues` alone,
 * so the UUID is built from it there (RFC 9562 section 5.4: version and variant bits set).
 */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
