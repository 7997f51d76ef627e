import { NOT_ALLOWED } from './messages';

/**
 * The one way a use case says "no" (ARCHITECTURE.md, API conventions).
 *
 * Thrown anywhere below the routes (edge-api/services, db, domain helpers),
 * before or after writes alike: the surrounding transaction rolls back.
 * `edge-api/middleware/errors.ts` maps `kind` to an HTTP status; the sync
 * server records it as a rejected command with `message`. No HTTP status
 * lives here or in `db/`.
 */
export type RefusalKind = 'invalid' | 'not_found' | 'forbidden' | 'conflict' | 'rate_limited';

export type RefusalField = { path: string; message: string };

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** Field-level reasons (`path` is the dotted field path), shown beside inputs. */
    readonly errors?: RefusalField[],
    /** Extra JSON members of the error body (e.g. `retryAfterS`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

export const invalid = (message: string, errors?: RefusalField[]) => new Refusal('invalid', message, errors);
export const notFound = (message = 'Not found') => new Refusal('not_found', message);
export const forbidden = (message = NOT_ALLOWED) => new Refusal('forbidden', message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new Refusal('conflict', message, undefined, extra);
export const rateLimited = (message: string, extra?: Record<string, unknown>) => new Refusal('rate_limited', message, undefined, extra);

export const isRefusal = (e: unknown): e is Refusal => e instanceof Refusal;
