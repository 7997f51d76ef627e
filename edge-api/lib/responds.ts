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
  const mw: MiddlewareHandler = async (_c, next) => {
    await next();
  };
  (mw as unknown as { openapiResponse: ResponseMeta }).openapiResponse = { schema, status };
  return mw;
}
