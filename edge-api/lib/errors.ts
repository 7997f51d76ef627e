import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiError } from '../../domain/api';

/** A refusal the caller can act on: 4xx with the API's error body; nothing was changed. */
export class ApiFailure extends HTTPException {
  constructor(status: ContentfulStatusCode, message: string, errors?: ApiError['errors'], extra?: Record<string, unknown>) {
    const body: ApiError & Record<string, unknown> = { status: false, message, ...(errors ? { errors } : {}), ...extra };
    super(status, { message, res: new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }) });
  }
}

export const notFound = (what = 'Not found') => new ApiFailure(404, what);
export const forbidden = (msg = 'You are not allowed to do this') => new ApiFailure(403, msg);
export const conflict = (msg: string) => new ApiFailure(409, msg);
export const badRequest = (msg: string, errors?: ApiError['errors']) => new ApiFailure(400, msg, errors);
