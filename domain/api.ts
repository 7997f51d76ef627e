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

/** GET /api/health: the server answers and names its database. */
export const HealthResponse = z.object({ status: z.literal(true), dialect: z.enum(['sqlite', 'postgres']) });
export type HealthResponse = z.infer<typeof HealthResponse>;
