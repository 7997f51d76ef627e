// Partner connections and durable partner tasks (db/migrations/2026-11-27T0030_integrations.ts).
export interface IntegrationConnectionTable {
  id: string;
  company_id: string;
  kind: string; // 'shopify' | 'woocommerce' | 'delhivery' | 'shiprocket' | 'irp' | ...
  label: string;
  base_url: string;
  settings: string; // JSON, not secret
  secrets: string; // sealed JSON (edge-api/integrations/secret-box.ts)
  status: string; // 'active' | 'disabled'
  demo: number;
  last_checked_at: string | null;
  last_result: string | null;
  created_at: string;
  updated_at: string;
}

export interface IntegrationTaskTable {
  id: string;
  key: string;
  kind: string;
  company_id: string | null;
  connection_id: string | null;
  subject_type: string | null;
  subject_id: string | null;
  payload: string; // JSON
  status: string; // 'pending' | 'running' | 'done' | 'failed'
  attempts: number;
  next_attempt_at: string;
  locked_by: string | null;
  locked_at: string | null;
  last_error: string | null;
  result: string | null; // JSON
  created_at: string;
  updated_at: string;
}

/** A task's key, unique for as long as the task is kept (db/migrations/2026-12-01T0100_history_partitions.ts). */
export interface IntegrationTaskKeyTable {
  key: string;
  created_at: string;
}

declare module '../schema' {
  interface Database {
    integration_connections: IntegrationConnectionTable;
    integration_tasks: IntegrationTaskTable;
    integration_task_keys: IntegrationTaskKeyTable;
  }
}
