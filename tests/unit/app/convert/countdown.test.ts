// Proves the quote countdown: the deadline is counted on the tab's clock from the answer, less the request's trip and a margin, and the seconds shown round up to zero.
import { describe, expect, it } from 'vitest';
import { QUOTE_MARGIN_MS, quoteDeadline, remainingFraction, secondsLeft } from '../../../../src/app/features/convert/countdown';

describe('quoteDeadline', () => {
  it('holds the validity less the margin from when the answer arrived', () => {
    expect(quoteDeadline(1_000_000, 10_000)).toBe(1_000_000 + 10_000 - QUOTE_MARGIN_MS);
  });

  it('takes the request’s duration off, so a slow answer is not trusted longer than the server holds it', () => {
    expect(quoteDeadline(1_000_000, 10_000, 2_500)).toBe(1_000_000 + 10_000 - 2_500 - QUOTE_MARGIN_MS);
  });

  it('never ends before the answer arrived', () => {
    expect(quoteDeadline(5_000, 500, 4_000)).toBe(5_000);
  });
});

describe('secondsLeft', () => {
  it('rounds up to whole seconds and stops at zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 1)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });
});

describe('remainingFraction', () => {
  it('runs from 1 to 0 over the span', () => {
    expect(remainingFraction(10_000, 1_000, 9_000)).toBe(1);
    expect(remainingFraction(10_000, 5_500, 9_000)).toBe(0.5);
    expect(remainingFraction(10_000, 11_000, 9_000)).toBe(0);
    expect(remainingFraction(10_000, 0, 0)).toBe(0);
  });
});
