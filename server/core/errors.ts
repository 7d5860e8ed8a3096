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

/**
 * An area's `refuse`, typed to the codes it may answer with (its own range and the common codes
 * it shares): each module's errors.ts makes one, so that an area cannot refuse with another
 * area's code by accident.
 */
export function areaRefusals<Name extends ErrcodeName>(): AreaRefuse<Name> {
  return (code, params = {}) => refuse(code, params);
}

/** Written out on each area's `refuse` (TypeScript narrows after a call only through a declared type). */
export type AreaRefuse<Name extends ErrcodeName> = (code: Name, params?: Record<string, string | number>) => never;

export function notFound(): never {
  throw new BusinessError('notFound', {}, 200);
}

export function invalidFields(fields: Record<string, string>): never {
  throw new BusinessError('invalidFields', {}, 400, fields);
}
