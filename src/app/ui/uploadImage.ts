/**
 * Prepares a picked image for upload (spec 5: the help desk's chat images, the identity documents,
 * the avatar): decoded by the browser, scaled down so that neither side exceeds IMAGE_SIDE_MAX_PX,
 * drawn on a canvas and saved as JPEG at IMAGE_JPEG_QUALITY. Null when the file is not an image
 * the browser can decode: the screen then says 'Invalid image.'. The server decodes and
 * re-encodes it again whatever arrives.
 */
import { IMAGE_JPEG_QUALITY, IMAGE_SIDE_MAX_PX } from '../../shared/constants';

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The size an image is drawn at before upload (spec 5): scaled down, proportions kept, so that
 * neither side exceeds `sideMaxPx`; a smaller image keeps its size. Null for a size that is not
 * an image's (zero, negative, not finite): the upload then says 'Invalid image.'.
 */
export function scaledImageSize(width: number, height: number, sideMaxPx: number = IMAGE_SIDE_MAX_PX): ImageSize | null {
  if (!(Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0)) return null;
  const scale = Math.min(1, sideMaxPx / Math.max(width, height));
  return {
    width: Math.min(sideMaxPx, Math.max(1, Math.round(width * scale))),
    height: Math.min(sideMaxPx, Math.max(1, Math.round(height * scale))),
  };
}

/** The picked file as the JPEG to upload, or null when it is not an image the browser decodes. */
export async function prepareUploadImage(file: Blob): Promise<Blob | null> {
  if (!file.type.startsWith('image/')) return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    const size = scaledImageSize(bitmap.width, bitmap.height);
    if (!size) return null;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw on a canvas');
    // JPEG has no transparency: a transparent PNG lies on white, not on black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', IMAGE_JPEG_QUALITY));
  } finally {
    bitmap.close();
  }
}
