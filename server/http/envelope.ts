/**
 * The one place that turns outcomes into the envelope of ARCHITECTURE.md: success is HTTP 200
 * {errcode: 0, data}; a business refusal is HTTP 200 {errcode, errmsg}; invalid input is HTTP
 * 400 {errcode: 400, errmsg, fields}; 401 means only "no valid session". Internal errors are
 * logged and answered without their details. No input can produce a 5xx or a stack trace.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrcodeName } from '../../src/shared/errcodes';
import { ERRCODES } from '../../src/shared/errcodes';
import { languageFromHeader } from '../../src/shared/languages';
import { ERROR_MESSAGES, translate } from '../i18n/messages';
import { BusinessError } from '../core/errors';

export function errorBody(request: FastifyRequest, code: ErrcodeName, params: Record<string, string | number> = {}) {
  const language = languageFromHeader(request.headers['accept-language']);
  return { errcode: ERRCODES[code], errmsg: translate(ERROR_MESSAGES[code], language, params) };
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  httpStatus: number,
  code: ErrcodeName,
  extra: { params?: Record<string, string | number>; fields?: Record<string, string> } = {},
) {
  const body = errorBody(request, code, extra.params);
  return reply.code(httpStatus).send(extra.fields ? { ...body, fields: extra.fields } : body);
}

function validationFields(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const issue of error.validation) {
      const name: string = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (error.validationContext ?? 'body');
      fields[name] ??= issue.message ?? 'invalid';
    }
  }
  return fields;
}

/** Fastify's own client-error codes and the protocol code each maps to. */
const CLIENT_ERROR_CODES: Record<number, ErrcodeName> = {
  400: 'invalidFields',
  404: 'notFound',
  405: 'notFound',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'rateLimited',
};

export function registerEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BusinessError) {
      return sendError(request, reply, error.httpStatus, error.code, { params: error.params, fields: error.fields });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(request, reply, 400, 'invalidFields', { fields: validationFields(error) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CLIENT_ERROR_CODES[status] ?? 'invalidFields';
      const fields = status === 400 ? { body: error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'empty body' : 'malformed' } : undefined;
      return sendError(request, reply, status === 405 ? 404 : status, code, { fields });
    }
    request.log.error({ err: error }, 'internal error');
    return sendError(request, reply, 500, 'internal');
  });
}
