/**
 * Every durable partner task kind and its handler (edge-api/integrations/tasks.ts
 * runs them). Each partner's folder exports its handlers; add them here.
 */
import type { TaskHandlers } from './tasks';

export const TASK_HANDLERS: TaskHandlers = {};
