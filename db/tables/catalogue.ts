// Tables added by the catalogue / manual-order / retailer area (migration 2026-11-22T0700_catalogue).
import type { Selectable } from 'kysely';

export interface SalesmanTable {
  id: string;
  company_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  created_at: string;
}

declare module '../schema' {
  interface Database {
    salesmen: SalesmanTable;
  }
}

export type Salesman = Selectable<SalesmanTable>;
