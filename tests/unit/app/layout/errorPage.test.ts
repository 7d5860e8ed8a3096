/** Proves what the error page of spec 2 shows about an error: its message, default 'Error', and its status, default 500 (R-LAY-13). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_STATUS, errorPageFacts } from '../../../../src/app/layout/ErrorPage.facts';
import { ApiError } from '../../../../src/shared/client/client';

describe('errorPageFacts', () => {
  it('R-LAY-13 shows the message of the error', () => {
    expect(errorPageFacts(new Error('The market is closed')).message).toBe('The market is closed');
    expect(errorPageFacts('Something broke').message).toBe('Something broke');
  });

  it("R-LAY-13 has no message of its own when the error has none: the page shows 'Error'", () => {
    expect(errorPageFacts(new Error('')).message).toBeNull();
    expect(errorPageFacts(new Error('   ')).message).toBeNull();
    expect(errorPageFacts(undefined).message).toBeNull();
    expect(errorPageFacts({ reason: 'x' }).message).toBeNull();
  });

  it('R-LAY-13 the status defaults to 500', () => {
    expect(DEFAULT_ERROR_STATUS).toBe(500);
    expect(errorPageFacts(new Error('boom')).status).toBe(500);
    expect(errorPageFacts(null).status).toBe(500);
  });

  it("R-LAY-13 takes an HTTP error's status, but not a business refusal's 200", () => {
    expect(errorPageFacts(new ApiError(503, 'Unavailable', 503, false)).status).toBe(503);
    expect(errorPageFacts(new ApiError(404, 'Not found', 404, false)).status).toBe(404);
    expect(errorPageFacts(new ApiError(7, 'Refused', 200, false)).status).toBe(500);
    expect(errorPageFacts({ status: 'bad', message: 'x' }).status).toBe(500);
  });
});
