/** Proves the size a picked image is drawn at before upload (spec 5): at most 1600 px a side, proportions kept, and null for what is no image's size. */
import { describe, expect, it } from 'vitest';
import { scaledImageSize } from '../../../../src/app/ui/uploadImage';
import { IMAGE_SIDE_MAX_PX } from '../../../../src/shared/constants';

describe('image size', () => {
  it('scales so that neither side exceeds 1600 px, keeping proportions', () => {
    expect(IMAGE_SIDE_MAX_PX).toBe(1600);
    expect(scaledImageSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(scaledImageSize(1000, 5000)).toEqual({ width: 320, height: 1600 });
    expect(scaledImageSize(1600, 1600)).toEqual({ width: 1600, height: 1600 });
    expect(scaledImageSize(9000, 2)).toEqual({ width: 1600, height: 1 });
  });

  it('leaves smaller images at their size', () => {
    expect(scaledImageSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(scaledImageSize(1, 1)).toEqual({ width: 1, height: 1 });
  });

  it("answers null for a size that is not an image's (then 'Invalid image.')", () => {
    for (const [width, height] of [
      [0, 10],
      [10, 0],
      [-5, 10],
      [Number.NaN, 10],
      [Number.POSITIVE_INFINITY, 10],
    ]) {
      expect(scaledImageSize(width ?? 0, height ?? 0)).toBeNull();
    }
  });
});
