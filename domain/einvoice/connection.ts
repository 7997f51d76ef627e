// The IRP credentials of one GSTIN (a connection of kind 'gst-irp') and the
// company's e-invoicing settings, as Settings > GST sends them.
import { z } from 'zod';
import { GSTIN_FORMAT, GSTIN_FORMAT_MESSAGE } from '../gstin';
import { CANCEL_REASONS, EWB_CANCEL_REASONS, TURNOVER_BANDS } from './rules';

export const IRP_KIND = 'gst-irp';
/** 'demo': the built-in sandbox; 'irp': NIC's IRP (sandbox or production, by base URL). */
export const IRP_MODES = ['demo', 'irp'] as const;
export const IRP_SANDBOX_URL = 'https://einv-apisandbox.nic.in';
export const IRP_PRODUCTION_URL = 'https://einvoice1.gst.gov.in';

export const irpSettings = z
  .object({
    gstin: z.string().trim().toUpperCase().regex(GSTIN_FORMAT, GSTIN_FORMAT_MESSAGE),
    mode: z.enum(IRP_MODES).default('irp'),
    clientId: z.string().trim().max(100).default(''),
    username: z.string().trim().max(100).default(''),
    publicKeyPem: z.string().trim().max(4000).default(''),
  })
  .superRefine((s, ctx) => {
    if (s.mode !== 'irp') return;
    if (!s.clientId) ctx.addIssue({ code: 'custom', path: ['clientId'], message: 'Please enter the client id the IRP gave you' });
    if (!s.username) ctx.addIssue({ code: 'custom', path: ['username'], message: 'Please enter the API user name' });
    if (!/-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----/.test(s.publicKeyPem)) {
      ctx.addIssue({ code: 'custom', path: ['publicKeyPem'], message: "Please paste the IRP's public key (PEM)" });
    }
  });

export const irpSecrets = z.object({
  clientSecret: z.string().max(200).optional(),
  password: z.string().max(200).optional(),
});

export const GstSettingsInput = z.object({
  einvoicing: z.boolean(),
  turnoverBand: z.enum(TURNOVER_BANDS),
});
export type GstSettingsInput = z.infer<typeof GstSettingsInput>;

export const CancelIrnInput = z.object({
  reason: z.enum(Object.keys(CANCEL_REASONS) as [keyof typeof CANCEL_REASONS, ...(keyof typeof CANCEL_REASONS)[]], { message: 'Please choose a reason' }),
  remark: z.string().trim().min(1, 'Please enter a remark').max(100, 'At most 100 characters'),
});
export type CancelIrnInput = z.infer<typeof CancelIrnInput>;

/** Cancel E-way Bill: a reason code of the e-way bill system and a remark (at most 50 characters, as the portal takes). */
export const CancelEwbInput = z.object({
  reason: z.enum(Object.keys(EWB_CANCEL_REASONS) as [keyof typeof EWB_CANCEL_REASONS, ...(keyof typeof EWB_CANCEL_REASONS)[]], { message: 'Please choose a reason' }),
  remark: z.string().trim().min(1, 'Please enter a remark').max(50, 'At most 50 characters'),
});
export type CancelEwbInput = z.infer<typeof CancelEwbInput>;

export type GstSettingsView = { einvoicing: boolean; turnoverBand: (typeof TURNOVER_BANDS)[number]; hsnDigits: number; required: boolean };

export type EinvoiceView = {
  invoiceId: string; companyId: string; status: 'pending' | 'registered' | 'failed' | 'cancelled'; docNo: string; docDate: string;
  irn: string | null; ackNo: string | null; ackAt: string | null; demo: boolean; lastError: string | null; cancelledAt: string | null;
  cancelReason: string | null; ewbNo: string | null; ewbValidTill: string | null; buyerName: string; buyerGstin: string | null;
  amountPaise: number; issuedAt: string; canCancel: boolean;
  /** For companies at ₹10 crore or more: the last day to register (ISO), else null. */
  registerBy: string | null;
  /** Worth more than ₹50,000 and no e-way bill yet. */
  ewayBillNeeded: boolean;
  /** Its e-way bill is less than 24 hours old (Cancel E-way Bill). */
  canCancelEwb: boolean;
  /** The last e-way bill cancelled: its number, when, and why. */
  ewbCancelledNo: string | null; ewbCancelledAt: string | null; ewbCancelReason: string | null;
};

const EinvoiceViewSchema = z.object({
  invoiceId: z.string(), companyId: z.string(), status: z.enum(['pending', 'registered', 'failed', 'cancelled']), docNo: z.string(), docDate: z.string(),
  irn: z.string().nullable(), ackNo: z.string().nullable(), ackAt: z.string().nullable(), demo: z.boolean(), lastError: z.string().nullable(),
  cancelledAt: z.string().nullable(), cancelReason: z.string().nullable(), ewbNo: z.string().nullable(), ewbValidTill: z.string().nullable(),
  buyerName: z.string(), buyerGstin: z.string().nullable(), amountPaise: z.number(), issuedAt: z.string(), canCancel: z.boolean(), registerBy: z.string().nullable(), ewayBillNeeded: z.boolean(),
  canCancelEwb: z.boolean(), ewbCancelledNo: z.string().nullable(), ewbCancelledAt: z.string().nullable(), ewbCancelReason: z.string().nullable(),
});
export const GstSettingsResponse = z.object({
  status: z.literal(true),
  settings: z.object({ einvoicing: z.boolean(), turnoverBand: z.enum(TURNOVER_BANDS), hsnDigits: z.number(), required: z.boolean() }),
});
export type GstSettingsResponse = z.infer<typeof GstSettingsResponse>;
export const EinvoiceListResponse = z.object({ status: z.literal(true), einvoices: z.array(EinvoiceViewSchema) });
export type EinvoiceListResponse = z.infer<typeof EinvoiceListResponse>;
export const EinvoiceResponse = z.object({ status: z.literal(true), einvoice: EinvoiceViewSchema });
export type EinvoiceResponse = z.infer<typeof EinvoiceResponse>;
export const EINVOICE_STATUSES = ['pending', 'registered', 'failed', 'cancelled'] as const;

/** E-way bill by IRN: the transport details (Distance 0 lets the portal compute it from the PIN codes). */
export const EwayBillInput = z.object({
  distanceKm: z.coerce.number().int('Distance must be whole kilometres').min(0).max(4000, 'Distance is at most 4000 km').default(0),
  transMode: z.enum(['1', '2', '3', '4']).default('1'),
  transId: z.string().trim().max(15, "Transporter id must be the transporter's 15-character GSTIN or TRANSIN").toUpperCase().regex(/^[0-9]{2}[0-9A-Z]{13}$/, "Transporter id must be the transporter's 15-character GSTIN or TRANSIN").optional().or(z.literal('').transform(() => undefined)),
  transName: z.string().trim().max(100).optional(),
  vehNo: z.string().trim().max(20, 'Vehicle number: letters and digits only').toUpperCase().regex(/^[A-Z0-9]{4,20}$/, 'Vehicle number: letters and digits only').optional().or(z.literal('').transform(() => undefined)),
});
export type EwayBillInput = z.infer<typeof EwayBillInput>;
export const TRANS_MODES = { '1': 'Road', '2': 'Rail', '3': 'Air', '4': 'Ship' } as const;
