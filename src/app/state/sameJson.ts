/**
 * Whether two values read from the hub or the server are the same data: the same object, or the
 * same JSON (each push is a fresh structured clone, so a reader keeps what it has when equal).
 */
export function sameJson(left: unknown, right: unknown): boolean {
  return left === right || JSON.stringify(left) === JSON.stringify(right);
}
