/**
 * Every durable partner task kind and its handler (edge-api/integrations/tasks.ts
 * runs them). Each partner's folder exports its handlers; add them here.
 */
import { BOOKING_HANDLERS } from '../carriers/live/booking';
import type { TaskHandlers } from './tasks';

export const TASK_HANDLERS: TaskHandlers = { ...BOOKING_HANDLERS };
