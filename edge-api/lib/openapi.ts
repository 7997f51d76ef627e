import type { Hono } from 'hono';
import { z } from 'zod';
import type { ResponseMeta } from './responds';
import type { OpenApiMeta } from './validate';

const LOCATIONS = { query: 'query', param: 'path' } as const;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input') {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  } catch {
    return {};
  }
}

type Parameter = { name: string; in: string; required: boolean; schema: unknown };
type Operation = {
  operationId: string;
  tags: string[];
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
  requestBody?: { required: boolean; content: Record<string, { schema: unknown }> };
  parameters?: Parameter[];
};

/**
 * OpenAPI 3.1 built from the app's own route table and the zod schemas its
 * validators carry, so the document cannot drift from what the server accepts;
 * a route that declares its answer with `responds(Schema)` (lib/responds.ts)
 * also lists it as the 200 response's JSON schema.
 */
export function buildOpenApi(app: Pick<Hono, 'routes'>, info: { title: string; version: string }) {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const r of app.routes) {
    if (r.method === 'ALL' || !r.path.startsWith('/api')) continue;
    const path = r.path.replace(/:([A-Za-z0-9_]+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g, '{$1}');
    const method = r.method.toLowerCase();
    const op = ((paths[path] ??= {})[method] ??= {
      operationId: `${method}_${path.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}`,
      tags: [path.split('/')[2] ?? 'api'],
      responses: {
        '200': { description: 'OK' },
        '400': { description: 'Bad input: {status:false, message, errors}' },
        '401': { description: 'Not signed in' },
        '404': { description: 'Not found (or another tenant\'s)' },
      },
    });
    const answer = (r.handler as unknown as { openapiResponse?: ResponseMeta }).openapiResponse;
    if (answer) op.responses[String(answer.status)] = { description: 'OK', content: { 'application/json': { schema: jsonSchema(answer.schema, 'output') } } };
    const meta = (r.handler as unknown as { openapi?: OpenApiMeta }).openapi;
    if (!meta) continue;
    const schema = jsonSchema(meta.schema) as { properties?: Record<string, unknown>; required?: string[] };
    if (meta.target === 'json' || meta.target === 'form') {
      op.requestBody = {
        required: true,
        content: { [meta.target === 'json' ? 'application/json' : 'multipart/form-data']: { schema } },
      };
    } else {
      // A route may validate its path and its query string: both lists are kept.
      const where = LOCATIONS[meta.target as 'query' | 'param'];
      op.parameters = [
        ...(op.parameters ?? []).filter((p) => p.in !== where),
        ...Object.entries(schema.properties ?? {}).map(([name, s]) => ({
          name, in: where, required: meta.target === 'param' || !!schema.required?.includes(name), schema: s,
        })),
      ];
    }
  }
  for (const [path, ops] of Object.entries(paths)) {
    const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const op of Object.values(ops)) {
      const have = new Set((op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name));
      const missing = params.filter((p) => !have.has(p)).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
      if (missing.length) op.parameters = [...(op.parameters ?? []), ...missing];
    }
  }
  return { openapi: '3.1.0', info, paths };
}
