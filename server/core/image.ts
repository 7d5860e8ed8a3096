/**
 * Turns an uploaded image (a help-desk chat image, an identity document, an avatar) into the only
 * bytes the server will ever store and serve: its own JPEG re-encoding. Before decoding, the upload must be what it claims: one of four raster
 * formats by its magic bytes, the same format as its declared type, a container that ends exactly
 * where the file ends (nothing appended after the image's end marker), and no markup or script
 * signature anywhere in it. Those refusals catch polyglots (an image that is also an HTML page or
 * a script); the re-encoding neutralises whatever a cleverer one hides in pixel-irrelevant bytes,
 * because nothing of the original file survives it. Metadata (EXIF, GPS, comments) is dropped.
 *
 * Limits: the upload's byte limit (multipart enforces it while reading, server/http/multipart.ts),
 * at most IMAGE_INPUT_PIXELS_MAX decoded pixels (a decompression bomb is refused before it is
 * expanded), and the output fits the caller's box: IMAGE_SIDE_MAX_PX on both sides by default
 * (spec 9), or a small square crop for an avatar.
 *
 * The refusal is 'invalidImage' whoever uploads: the help desk's code was the first, and every
 * upload answers it with the spec's text ('Invalid image.', spec 5).
 */
import sharp from 'sharp';
import { IMAGE_SIDE_MAX_PX } from '../../src/shared/constants';
import { BusinessError, refuse } from './errors';

/** 4096 x 4096: every phone camera's default output, and a bound on the memory a decode takes. */
export const IMAGE_INPUT_PIXELS_MAX = 4096 * 4096;
/**
 * The server's JPEG quality (1-100). The widget already sent a JPEG at quality 0.25 (spec 5);
 * encoding it again at that quality would compound the loss, so the server keeps what arrived.
 */
export const IMAGE_OUTPUT_QUALITY = 80;

// Uploads are all different: libvips' operation cache would only hold memory.
sharp.cache(false);

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

const FORMAT_OF_TYPE: Record<string, ImageFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** The box the output fits: inside it, proportions kept (documents, chat), or cropped to fill it (avatars). */
export interface ImageBox {
  fit: 'inside' | 'cover';
  widthPx: number;
  heightPx: number;
}

const DOCUMENT_BOX: ImageBox = { fit: 'inside', widthPx: IMAGE_SIDE_MAX_PX, heightPx: IMAGE_SIDE_MAX_PX };

export interface ReencodedImage {
  jpeg: Buffer;
  width: number;
  height: number;
}

/** The format a file's first bytes announce, if it is one we take. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return undefined;
}

/**
 * Signatures of markup and script that have no business in an image. Each is long enough that
 * compressed pixel data matches it by chance about once in ten thousand 5 MB files at worst;
 * short ones ("<svg", "<img") would not be, and XMP's own "<?xpacket" and "<x:xmpmeta" are not listed.
 */
const MARKUP_SIGNATURES = ['<script', '<html', '<body', '<iframe', '<object', '<embed', '<!doctype', '<?php', 'javascript:', 'onerror=', 'onload='];

export function containsMarkup(bytes: Buffer): boolean {
  const text = bytes.toString('latin1').toLowerCase();
  return MARKUP_SIGNATURES.some((signature) => text.includes(signature));
}

/** Where a JPEG ends: its EOI marker, found by walking segments and entropy-coded data. */
function jpegEnd(bytes: Buffer): number | undefined {
  let position = 2;
  while (position + 1 < bytes.length) {
    if (bytes[position] !== 0xff) return undefined;
    // Any number of 0xFF fill bytes may precede a marker.
    while (bytes[position + 1] === 0xff) position += 1;
    const marker = bytes[position + 1] ?? 0;
    if (marker === 0xd9) return position + 2;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      position += 2;
      continue;
    }
    if (position + 3 >= bytes.length) return undefined;
    const segmentEnd = position + 2 + bytes.readUInt16BE(position + 2);
    if (segmentEnd > bytes.length) return undefined;
    position = marker === 0xda ? entropyDataEnd(bytes, segmentEnd) : segmentEnd;
  }
  return undefined;
}

/** After a scan header: the next marker that is neither a stuffed 0xFF00 nor a restart marker. */
function entropyDataEnd(bytes: Buffer, start: number): number {
  let position = start;
  while (position + 1 < bytes.length) {
    if (bytes[position] === 0xff) {
      const next = bytes[position + 1] ?? 0;
      if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) return position;
    }
    position += 1;
  }
  return bytes.length;
}

/** Where a PNG ends: just after its IEND chunk. */
function pngEnd(bytes: Buffer): number | undefined {
  let position = 8;
  while (position + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(position);
    const type = bytes.subarray(position + 4, position + 8).toString('latin1');
    const chunkEnd = position + 12 + length;
    if (chunkEnd > bytes.length) return undefined;
    if (type === 'IEND') return chunkEnd;
    position = chunkEnd;
  }
  return undefined;
}

/** Skips a run of GIF data sub-blocks; answers the position after the terminator. */
function gifSubBlocksEnd(bytes: Buffer, start: number): number | undefined {
  let position = start;
  while (position < bytes.length) {
    const size = bytes[position] ?? 0;
    position += 1;
    if (size === 0) return position;
    position += size;
  }
  return undefined;
}

/** Where a GIF ends: just after its trailer byte 0x3B, walking every block before it. */
function gifEnd(bytes: Buffer): number | undefined {
  const screenFlags = bytes[10] ?? 0;
  let position = 13 + (screenFlags & 0x80 ? 3 * 2 ** ((screenFlags & 0x07) + 1) : 0);
  while (position < bytes.length) {
    const introducer = bytes[position];
    if (introducer === 0x3b) return position + 1;
    let next: number | undefined;
    if (introducer === 0x21) {
      next = gifSubBlocksEnd(bytes, position + 2);
    } else if (introducer === 0x2c) {
      const imageFlags = bytes[position + 9] ?? 0;
      const colourTableBytes = imageFlags & 0x80 ? 3 * 2 ** ((imageFlags & 0x07) + 1) : 0;
      // Descriptor (10 bytes), local colour table, LZW minimum code size (1 byte), then the data.
      next = gifSubBlocksEnd(bytes, position + 10 + colourTableBytes + 1);
    }
    if (next === undefined) return undefined;
    position = next;
  }
  return undefined;
}

/** Where a WebP ends: its RIFF header says how long the file is. */
function webpEnd(bytes: Buffer): number | undefined {
  if (bytes.length < 12) return undefined;
  return 8 + bytes.readUInt32LE(4);
}

const CONTAINER_END: Record<ImageFormat, (bytes: Buffer) => number | undefined> = {
  jpeg: jpegEnd,
  png: pngEnd,
  gif: gifEnd,
  webp: webpEnd,
};

/** True when the file is exactly one well-formed container of its format, with nothing after it. */
export function endsAtContainerEnd(bytes: Buffer, format: ImageFormat): boolean {
  return CONTAINER_END[format](bytes) === bytes.length;
}

/**
 * Checks an upload and re-encodes it. Refuses with 'invalidImage' anything that is not, all of
 * it, the image it claims to be; answers the JPEG the server stores.
 */
export async function reencodeImage(bytes: Buffer, declaredType: string, box: ImageBox = DOCUMENT_BOX): Promise<ReencodedImage> {
  const format = sniffImageFormat(bytes);
  if (!format || FORMAT_OF_TYPE[declaredType.toLowerCase()] !== format) refuse('invalidImage');
  if (!endsAtContainerEnd(bytes, format) || containsMarkup(bytes)) refuse('invalidImage');
  try {
    const image = sharp(bytes, { limitInputPixels: IMAGE_INPUT_PIXELS_MAX, failOn: 'warning', pages: 1 });
    const metadata = await image.metadata();
    if (metadata.format !== format) refuse('invalidImage');
    const { data, info } = await image
      .rotate()
      .resize({ width: box.widthPx, height: box.heightPx, fit: box.fit, withoutEnlargement: box.fit === 'inside' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: IMAGE_OUTPUT_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof BusinessError) throw error;
    // libvips could not decode it (truncated, corrupt, too many pixels): not an image we take.
    refuse('invalidImage');
  }
}
