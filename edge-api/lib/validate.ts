import type { Env, MiddlewareHandler, ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import { z } from 'zod';
import { ApiFailure } from './errors';

export type Target = 'json' | 'query' | 'param' | 'form';
export type OpenApiMeta = { target: Target; schema: z.ZodType };

/** zod issues → the API's `errors: [{path, message}]`, first message as the summary. */
export function toApiErrors(error: z.ZodError) {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/**
 * Validates one part of the request with a zod schema from domain/. Refuses with
 * 400 `{status:false, message, errors}` and leaves the handler unrun (nothing changes).
 * The schema is attached to the middleware so /api/openapi.json can list it.
 */
export function v<T extends Target, S extends z.ZodType>(target: T, schema: S) {
  const mw = validator(target as keyof ValidationTargets, async (value) => {
    const input = target === 'query' ? normaliseQuery(value as Record<string, string | string[]>) : value;
    const parsed = await schema.safeParseAsync(input);
    if (!parsed.success) {
      const errors = toApiErrors(parsed.error);
      throw new ApiFailure(400, errors[0]?.message ?? 'Invalid input', errors);
    }
    return parsed.data as z.output<S>;
  }) as MiddlewareHandler<Env, string, { in: { [K in T]: z.input<S> }; out: { [K in T]: z.output<S> } }>;
  (mw as unknown as { openapi: OpenApiMeta }).openapi = { target, schema };
  return mw;
}

function normaliseQuery(q: Record<string, string | string[]>) {
  return q;
}
