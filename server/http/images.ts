/**
 * Images over HTTP, both ways. In: a multipart upload (the help desk's chat image, the identity
 * documents, the avatar), its named file parts and a few short text fields, each within its
 * limits while it is read; multipart parsing is registered only in the scope of an upload call
 * (registerUploads), so that no other route of the API accepts file uploads by accident. Out: a
 * stored JPEG (always the server's own re-encoding, server/core/image.ts), served as what it is.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { invalidFields, refuse } from '../core/errors';

const BYTES_PER_MEGABYTE = 1024 * 1024;

export interface UploadedFile {
  bytes: Buffer;
  declaredType: string;
}

export interface ImageUpload<File extends string> {
  files: Record<File, UploadedFile>;
  fields: Record<string, string>;
}

export interface UploadLimits<File extends string> {
  /** The file parts the call takes, each required. */
  files: readonly File[];
  /** The largest file, in bytes. */
  fileBytesMax: number;
  /** How many text fields it takes (each at most FIELD_BYTES_MAX). */
  fieldsMax: number;
}

const FIELD_BYTES_MAX = 256;

/** Registers `routes` in a scope of their own, the only one whose routes parse multipart bodies. */
export async function registerUploads(app: FastifyInstance, fileBytesMax: number, routes: (uploads: FastifyInstance) => void): Promise<void> {
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: fileBytesMax } });
    routes(uploads);
  });
}

/** Reads the body: every file of `limits.files` and the short text fields, or refuses. */
export async function readImageUpload<File extends string>(request: FastifyRequest, limits: UploadLimits<File>): Promise<ImageUpload<File>> {
  const [firstFile] = limits.files;
  if (!request.isMultipart()) invalidFields({ [firstFile ?? 'image']: 'send multipart/form-data with an image part' });
  const files: Partial<Record<File, UploadedFile>> = {};
  const fields: Record<string, string> = {};
  const wanted = new Set<string>(limits.files);
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.fileBytesMax,
        files: limits.files.length,
        fields: limits.fieldsMax,
        fieldSize: FIELD_BYTES_MAX,
        parts: limits.files.length + limits.fieldsMax,
        headerPairs: 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        // The file is read in full even when misnamed: the parser cannot go on past an unread part.
        const bytes = await part.toBuffer();
        if (wanted.has(part.fieldname)) files[part.fieldname as File] = { bytes, declaredType: part.mimetype };
      } else if (!part.valueTruncated && !part.fieldnameTruncated) {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
      refuse('imageTooLarge', { megabytes: limits.fileBytesMax / BYTES_PER_MEGABYTE });
    }
    // The multipart plugin's own refusals (too many parts, files or fields) carry their 4xx status.
    if (error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number' && error.statusCode < 500) throw error;
    // Anything else the parser throws is a body it could not read (no boundary, cut short).
    invalidFields({ [firstFile ?? 'image']: 'malformed multipart body' });
  }
  const missing = limits.files.filter((name) => files[name] === undefined);
  if (missing.length > 0) invalidFields(Object.fromEntries(missing.map((name) => [name, 'an image part is required'])));
  return { files: files as Record<File, UploadedFile>, fields };
}

/**
 * Sends a stored JPEG: never the upload's bytes, so it goes out as what it is, with nosniff and a
 * sandboxing policy in case a browser is ever told to open it as a document. `cacheControl` says
 * who may keep it: 'private' for what only its owner and operators see.
 */
export function sendStoredJpeg(reply: FastifyReply, jpeg: Buffer, cacheControl: string): FastifyReply {
  return reply
    .type('image/jpeg')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', 'inline; filename="image.jpg"')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', cacheControl)
    .send(jpeg);
}
