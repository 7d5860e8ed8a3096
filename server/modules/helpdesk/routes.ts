/**
 * Help-desk calls: the client's start, history, text and image (multipart), the GET that serves
 * stored chat images, and the operator's chat list, reading, replies, closing, hiding and service
 * codes. Multipart parsing is registered in a scope of its own, so that no other route of the API
 * accepts file uploads by accident.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  HELPDESK_IMAGE_BYTES_MAX,
  helpdeskHistoryCall,
  helpdeskImageCall,
  helpdeskImageFieldsSchema,
  helpdeskStartCall,
  helpdeskTextCall,
  operatorChatCall,
  operatorChatCloseCall,
  operatorChatListCall,
  operatorChatReplyCall,
  operatorMessageHideCall,
  serviceCodeIssueCall,
  serviceCodeListCall,
  serviceCodeRevokeCall,
} from '../../../src/shared/api/helpdesk';
import { languageFromHeader } from '../../../src/shared/languages';
import { BusinessError, invalidFields } from '../../core/errors';
import { refuse } from './errors';
import { registerCall } from '../../http/route';
import * as service from './service';

/** Per client and minute: start also guards service codes against guessing. */
const RATE_LIMITS = { start: 12, history: 60, text: 30, image: 10 } as const;
const IMAGE_NAME_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
const BYTES_PER_MEGABYTE = 1024 * 1024;

function viewerOf(request: FastifyRequest): service.ChatViewer {
  return {
    userId: request.user?.id ?? null,
    sessionId: request.session?.id ?? null,
    isOperator: request.isAdminToken || request.user?.role === 'operator',
  };
}

interface ImageUpload {
  bytes: Buffer;
  declaredType: string;
  fields: Record<string, string>;
}

/** Reads the multipart body: one file part `image` and short text fields, within their limits. */
async function readImageUpload(request: FastifyRequest): Promise<ImageUpload> {
  if (!request.isMultipart()) invalidFields({ image: 'send multipart/form-data with an image part' });
  let file: { bytes: Buffer; declaredType: string } | undefined;
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({ limits: { fileSize: HELPDESK_IMAGE_BYTES_MAX, files: 1, fields: 4, fieldSize: 256, parts: 5, headerPairs: 20 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        // The file is read in full even when misnamed: the parser cannot go on past an unread part.
        const bytes = await part.toBuffer();
        if (part.fieldname === 'image') file = { bytes, declaredType: part.mimetype };
      } else if (!part.valueTruncated && !part.fieldnameTruncated) {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
      refuse('imageTooLarge', { megabytes: HELPDESK_IMAGE_BYTES_MAX / BYTES_PER_MEGABYTE });
    }
    // The multipart plugin's own refusals (too many parts, files or fields) carry their 4xx status.
    if (error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number' && error.statusCode < 500) throw error;
    // Anything else the parser throws is a body it could not read (no boundary, cut short).
    invalidFields({ image: 'malformed multipart body' });
  }
  if (!file) invalidFields({ image: 'an image part is required' });
  return { ...file, fields };
}

export async function helpdeskRoutes(app: FastifyInstance): Promise<void> {
  const { context } = app;

  registerCall(
    app,
    helpdeskStartCall,
    async (request) => service.startChat(context, viewerOf(request), languageFromHeader(request.headers['accept-language']), request.body),
    { perMinute: RATE_LIMITS.start },
  );
  registerCall(app, helpdeskHistoryCall, async (request) => service.chatHistory(context, viewerOf(request), request.query), {
    perMinute: RATE_LIMITS.history,
  });
  registerCall(
    app,
    helpdeskTextCall,
    async (request) => {
      const message = await service.sendClientText(context, viewerOf(request), request.body);
      app.outbox.kick();
      return message;
    },
    { perMinute: RATE_LIMITS.text },
  );

  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: HELPDESK_IMAGE_BYTES_MAX } });
    registerCall(
      uploads,
      helpdeskImageCall,
      async (request) => {
        const upload = await readImageUpload(request);
        const parsed = helpdeskImageFieldsSchema.safeParse({ sessionId: upload.fields.sessionId ?? request.query.sessionId });
        if (!parsed.success) invalidFields({ sessionId: parsed.error.issues[0]?.message ?? 'invalid' });
        const message = await service.sendClientImage(context, viewerOf(request), {
          sessionId: parsed.data.sessionId,
          bytes: upload.bytes,
          declaredType: upload.declaredType,
        });
        app.outbox.kick();
        return message;
      },
      { perMinute: RATE_LIMITS.image },
    );
  });

  // The stored JPEG: never the upload's bytes, so it is served as what it is, with nosniff and a
  // sandboxing policy in case a browser is ever told to open it as a document.
  app.get<{ Params: { name: string } }>('/helpdesk/image/:name', async (request, reply) => {
    const name = request.params.name;
    const jpeg = IMAGE_NAME_PATTERN.test(name) ? await service.readChatImage(context, viewerOf(request), name) : undefined;
    if (!jpeg) throw new BusinessError('notFound', {}, 404);
    return reply
      .type('image/jpeg')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline; filename="image.jpg"')
      .header('cross-origin-resource-policy', 'same-origin')
      .header('cache-control', 'private, max-age=86400')
      .send(jpeg);
  });

  registerCall(app, operatorChatListCall, async (request) => service.listChatSummaries(context, request.query));
  registerCall(app, operatorChatCall, async (request) => service.readChat(context, request.query));
  registerCall(app, operatorChatReplyCall, async (request) => {
    const message = await service.replyToChat(context, request.user?.id ?? null, request.body);
    app.outbox.kick();
    return message;
  });
  registerCall(app, operatorChatCloseCall, async (request) => service.closeChat(context, request.body));
  registerCall(app, operatorMessageHideCall, async (request) => {
    const message = await service.hideMessage(context, request.body);
    app.outbox.kick();
    return message;
  });
  registerCall(app, serviceCodeListCall, async (request) => service.listServiceCodes(context, request.query));
  registerCall(app, serviceCodeIssueCall, async (request) => service.issueServiceCode(context, request.body));
  registerCall(app, serviceCodeRevokeCall, async (request) => service.revokeServiceCode(context, request.body));
}
