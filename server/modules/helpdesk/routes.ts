/**
 * Help-desk calls: the client's start, history, text and image (multipart), the GET that serves
 * stored chat images, and the operator's chat list, reading, replies, closing, hiding and service
 * codes. Multipart parsing is registered in a scope of its own (server/http/images.ts), so that
 * no other route of the API accepts file uploads by accident.
 */
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
import { readImageUpload, registerUploads, sendStoredJpeg } from '../../http/images';
import { registerCall } from '../../http/route';
import * as service from './service';

/** Per client and minute: start also guards service codes against guessing. */
const RATE_LIMITS = { start: 12, history: 60, text: 30, image: 10 } as const;
const IMAGE_NAME_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

function viewerOf(request: FastifyRequest): service.ChatViewer {
  return {
    userId: request.user?.id ?? null,
    sessionId: request.session?.id ?? null,
    isOperator: request.isAdminToken || request.user?.role === 'operator',
  };
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

  await registerUploads(app, HELPDESK_IMAGE_BYTES_MAX, (uploads) => {
    registerCall(
      uploads,
      helpdeskImageCall,
      async (request) => {
        const upload = await readImageUpload(request, { files: ['image'], fileBytesMax: HELPDESK_IMAGE_BYTES_MAX, fieldsMax: 4 });
        const parsed = helpdeskImageFieldsSchema.safeParse({ sessionId: upload.fields.sessionId ?? request.query.sessionId });
        if (!parsed.success) invalidFields({ sessionId: parsed.error.issues[0]?.message ?? 'invalid' });
        const message = await service.sendClientImage(context, viewerOf(request), {
          sessionId: parsed.data.sessionId,
          bytes: upload.files.image.bytes,
          declaredType: upload.files.image.declaredType,
        });
        app.outbox.kick();
        return message;
      },
      { perMinute: RATE_LIMITS.image },
    );
  });

  app.get<{ Params: { name: string } }>('/helpdesk/image/:name', async (request, reply) => {
    const name = request.params.name;
    const jpeg = IMAGE_NAME_PATTERN.test(name) ? await service.readChatImage(context, viewerOf(request), name) : undefined;
    if (!jpeg) throw new BusinessError('notFound', {}, 404);
    return sendStoredJpeg(reply, jpeg, 'private, max-age=86400');
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
