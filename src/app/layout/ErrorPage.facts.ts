/**
 * What the error page of spec 2 shows about an error (R-LAY-13): its message, 'Error' when it has
 * none, and its HTTP status, 500 when it has none. Kept apart from the component so that the
 * rule is tested without a DOM.
 */
export const DEFAULT_ERROR_STATUS = 500;

export interface ErrorPageFacts {
  /** Null when the error has no message of its own: the page shows the translated 'Error'. */
  message: string | null;
  status: number;
}

function isHttpErrorStatus(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599;
}

export function errorPageFacts(error: unknown): ErrorPageFacts {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  // An ApiError carries the HTTP status; a business refusal answered with 200 is not one.
  const status = typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : undefined;
  return { message: message.trim() === '' ? null : message, status: isHttpErrorStatus(status) ? status : DEFAULT_ERROR_STATUS };
}
