/** A unique index refused the row: SQLite and PostgreSQL say so differently. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
