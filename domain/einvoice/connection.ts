// The IRP credentials of one GSTIN (a connection of kind 'gst-irp') and the
// company's e-invoicing settings, as Settings > GST sends them.
import { z } from 'zod';
import { GSTIN_FORMAT, GSTIN_FORMAT_MESSAGE } from '../gstin';
import { CANCEL_REASONS, TURNOVER_BANDS } from './rules';

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

export type GstSettingsView = { einvoicing: boolean; turnoverBand: (typeof TURNOVER_BANDS)[number]; hsnDigits: number; required: boolean };

export type EinvoiceView = {
  invoiceId: string; companyId: string; status: 'pending' | 'registered' | 'failed' | 'cancelled'; docNo: string; docDate: string;
  irn: string | null; ackNo: string | null; ackAt: string | null; demo: boolean; lastError: string | null; cancelledAt: string | null;
  cancelReason: string | null; ewbNo: string | null; ewbValidTill: string | null; buyerName: string; buyerGstin: string | null;
  amountPaise: number; issuedAt: string; canCancel: boolean;
  /** For companies at ₹10 crore or more: the last day to register (ISO), else null. */
  registerBy: string | null;
};
