import { z } from 'zod';

/** The error body every API refusal carries (ARCHITECTURE.md, API conventions). */
export type ApiError = {
  status: false;
  message: string;
  errors?: { path: string; message: string }[];
  requestId?: string;
};

export const NOT_FOUND = 'Not found';
export const SERVER_ERROR = 'Something went wrong!';

/**
 * What every write answers at least: success and, usually, the message to show.
 * Code that calls several different writes the same way (an action runner)
 * reads this common part; a caller of one route uses that route's own response type.
 */
export type WriteAnswer = { status: true; message?: string };

/** The body of a successful answer: `status: true` beside the route's own fields (ARCHITECTURE.md, API conventions). */
export const okBody = <Shape extends z.ZodRawShape>(shape: Shape) => z.object({ status: z.literal(true), ...shape });
/** Which page of a list an answer holds, and how many rows a page has. */
export const pageFields = { page: z.number(), pageSize: z.number() };
/** A write that answers only its message. */
export const MessageResponse = okBody({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** `pagination` of a list body `{where, pagination, sortBy}`: page 1 of 10 rows unless asked otherwise. */
export const paginationInput = z
  .object({ page: z.number().int().min(1).max(100_000).default(1), pageSize: z.number().int().min(1).max(100).default(10) })
  .default({ page: 1, pageSize: 10 });
/** `sortBy` of a list body: one of the list's fields, newest first unless asked otherwise. */
export const sortByInput = <const Fields extends readonly [string, ...string[]]>(fields: Fields, field: Fields[number]) =>
  z.object({ field: z.enum(fields).default(field), order: z.enum(['ASC', 'DESC']).default('DESC') }).default({ field, order: 'DESC' });

/** GET /api/health: the server answers and names its database. */
export const HealthResponse = okBody({ dialect: z.enum(['sqlite', 'postgres']) });
export type HealthResponse = z.infer<typeof HealthResponse>;
