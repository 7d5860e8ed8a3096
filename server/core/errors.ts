/**
 * Expected failures are codes (src/shared/errcodes.ts). A service throws a BusinessError with
 * the code's name; the error handler turns it into the envelope with the message translated
 * from the request's Accept-Language. Anything else is an internal error and its details stay
 * in the log.
 */
import { ERRCODES, type ErrcodeName } from '../../src/shared/errcodes';

export class BusinessError extends Error {
  readonly errcode: number;
  constructor(
    readonly code: ErrcodeName,
    readonly params: Record<string, string | number> = {},
    /** HTTP status: 200 for business refusals; the protocol codes choose their own. */
    readonly httpStatus = 200,
    readonly fields?: Record<string, string>,
  ) {
    super(code);
    this.name = 'BusinessError';
    this.errcode = ERRCODES[code];
  }
}

export function refuse(code: ErrcodeName, params: Record<string, string | number> = {}): never {
  throw new BusinessError(code, params);
}

export function notFound(): never {
  throw new BusinessError('notFound', {}, 200);
}

export function invalidFields(fields: Record<string, string>): never {
  throw new BusinessError('invalidFields', {}, 400, fields);
}
