// The admin audit log: every admin action on a company's
// data, filterable by company, user and date.
import { z } from 'zod';
import { okBody } from './api';
import { isoDay } from './iso-day';

const isoDate = isoDay();

export const auditQuerySchema = z.object({
  companyId: z.string().max(64).optional(),
  userId: z.string().max(64).optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

export type AuditEntry = {
  id: string;
  at: string;
  actorId: string | null;
  actorName: string;
  companyId: string | null;
  companyName: string | null;
  action: string;
  path: string;
  entityId: string | null;
  outcome: number;
};
export type AuditLogResponse = { status: true; data: AuditEntry[]; totalRecords: number; users: { id: string; name: string }[] };

/** GET /api/admin/audit-log (same name as its type; listed in /api/openapi.json). */
export const AuditLogResponse: z.ZodType<AuditLogResponse> = okBody({
  data: z.array(z.object({
    id: z.string(), at: z.string(), actorId: z.string().nullable(), actorName: z.string(), companyId: z.string().nullable(), companyName: z.string().nullable(),
    action: z.string(), path: z.string(), entityId: z.string().nullable(), outcome: z.number(),
  })),
  totalRecords: z.number(),
  users: z.array(z.object({ id: z.string(), name: z.string() })),
});
