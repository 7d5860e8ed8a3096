/**
 * Prepares a picked image for the chat (spec 5): decoded by the browser, scaled down so that
 * neither side exceeds IMAGE_SIDE_MAX_PX, drawn on a canvas and saved as JPEG at
 * IMAGE_JPEG_QUALITY. Null when the file is not an image the browser can decode: the widget then
 * says 'Invalid image.'. The server decodes and re-encodes it again whatever arrives.
 */
import { IMAGE_JPEG_QUALITY } from '../../../shared/constants';
import { scaledImageSize } from './rules';

export async function prepareChatImage(file: Blob): Promise<Blob | null> {
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
