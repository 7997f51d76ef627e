import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';

export type ResponseMeta = { schema: z.ZodType; status: SuccessStatus };
export type SuccessStatus = 200 | 201 | 202;

/**
 * Declares the JSON a route answers with on success: a zod schema from domain/
 * (the same one the web client's type is inferred from). It does nothing at run
 * time; /api/openapi.json lists it as the `status` (200) response, and tests/api/responses.test.ts
 * parses each declared route's live answer with it. The handler pins its body
 * to the type with `c.json(body satisfies FooResponse)`.
 */
export function responds(schema: z.ZodType, status: SuccessStatus = 200): MiddlewareHandler {
  return declaresResponse((_c, next) => next(), schema, status);
}

/**
 * The same declaration made on a route's own handler, for a route that must be a single handler with
 * nothing ahead of it (the public tracking lookup, the hottest path: Hono then calls it without composing).
 */
export function declaresResponse<H extends object>(handler: H, schema: z.ZodType, status: SuccessStatus = 200): H {
  (handler as unknown as { openapiResponse: ResponseMeta }).openapiResponse = { schema, status };
  return handler;
}
