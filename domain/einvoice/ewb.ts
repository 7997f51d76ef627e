// The e-way bill system's own API (docs/integrations/gst.md, "E-way bill system"): the credentials of one
// GSTIN (a connection of kind 'gst-ewb'), and what the seller sends to generate an e-way bill for an invoice
// without an IRN, update its Part B, cancel it, or consolidate a manifest's e-way bills.
import { z } from 'zod';
import { GSTIN_FORMAT, GSTIN_FORMAT_MESSAGE } from '../gstin';

export const EWB_KIND = 'gst-ewb';
/** 'demo': the built-in sandbox; 'ewb': NIC's e-way bill system (sandbox or production, by base URL). */
export const EWB_MODES = ['demo', 'ewb'] as const;
export const EWB_PRODUCTION_URL = 'https://api.ewaybillgst.gov.in';

export const ewbSettings = z
  .object({
    gstin: z.string().trim().toUpperCase().regex(GSTIN_FORMAT, GSTIN_FORMAT_MESSAGE),
    mode: z.enum(EWB_MODES).default('ewb'),
    clientId: z.string().trim().max(100).default(''),
    username: z.string().trim().max(100).default(''),
    publicKeyPem: z.string().trim().max(4000).default(''),
  })
  .superRefine((s, ctx) => {
    if (s.mode !== 'ewb') return;
    if (!s.clientId) ctx.addIssue({ code: 'custom', path: ['clientId'], message: 'Please enter the client id the e-way bill system gave you' });
    if (!s.username) ctx.addIssue({ code: 'custom', path: ['username'], message: 'Please enter the API user name' });
    if (!/-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----/.test(s.publicKeyPem)) {
      ctx.addIssue({ code: 'custom', path: ['publicKeyPem'], message: "Please paste the e-way bill system's public key (PEM)" });
    }
  });

export const ewbSecrets = z.object({ clientSecret: z.string().max(200).optional(), password: z.string().max(200).optional() });

/** Modes of transport (transMode) of the e-way bill system. */
export const EWB_TRANS_MODES = { '1': 'Road', '2': 'Rail', '3': 'Air', '4': 'Ship' } as const;
type TransMode = keyof typeof EWB_TRANS_MODES;
const transModes = Object.keys(EWB_TRANS_MODES) as [TransMode, ...TransMode[]];

/** Reason codes of Update Part B (VEHEWB). */
export const PART_B_REASONS = { '1': 'Due to break down', '2': 'Due to transhipment', '3': 'Others', '4': 'First time' } as const;
type PartBReason = keyof typeof PART_B_REASONS;

export const TRANSPORTER_ID_MESSAGE = "Transporter id must be the transporter's 15-character GSTIN or TRANSIN";
export const VEHICLE_NO_MESSAGE = 'Vehicle number: 7 to 15 letters and digits, as on the registration (MH04AB1234)';
export const TRANS_DOC_NEEDED = 'Rail, air and ship need the transport document number and date';
export const SAME_PIN_DISTANCE = 'Dispatch and delivery PIN codes are the same: enter the distance (at most 100 km)';

const optionalText = (max: number, message: string, pattern: RegExp) =>
  z.string().trim().toUpperCase().max(max, message).regex(pattern, message).optional().or(z.literal('').transform(() => undefined));
const transporterId = optionalText(15, TRANSPORTER_ID_MESSAGE, /^[0-9]{2}[0-9A-Z]{13}$/);
const vehicleNo = optionalText(15, VEHICLE_NO_MESSAGE, /^[A-Z0-9]{7,15}$/);
const transDocNo = optionalText(15, 'Transport document number: at most 15 letters, digits, - and /', /^[A-Z0-9/-]{1,15}$/);
const transDocDate = z.string().trim().max(10).regex(/^\d{2}\/\d{2}\/\d{4}$/, 'Transport document date: dd/mm/yyyy').optional().or(z.literal('').transform(() => undefined));

function railAirShipNeedDoc(v: { transMode: TransMode; transDocNo?: string; transDocDate?: string }, ctx: z.RefinementCtx) {
  if (v.transMode !== '1' && (!v.transDocNo || !v.transDocDate)) ctx.addIssue({ code: 'custom', path: ['transDocNo'], message: TRANS_DOC_NEEDED });
}

/**
 * An e-way bill for an invoice without an IRN. Distance 0 (the default) lets the e-way bill system compute it
 * from the dispatch and delivery PIN codes; a value is checked there against its own (10% more at most).
 */
export const EwbGenerateInput = z
  .object({
    distanceKm: z.coerce.number().int('Distance must be whole kilometres').min(0).max(4000, 'Distance is at most 4000 km').default(0),
    transMode: z.enum(transModes).default('1'),
    transporterId, transporterName: z.string().trim().max(100).optional(), vehicleNo, transDocNo, transDocDate,
  })
  .superRefine(railAirShipNeedDoc);
export type EwbGenerateInput = z.infer<typeof EwbGenerateInput>;

/** Update Part B: the vehicle (road) or the transport document (rail, air, ship) now carrying the goods. */
export const PartBInput = z
  .object({
    transMode: z.enum(transModes).default('1'),
    vehicleNo, transDocNo, transDocDate,
    reason: z.enum(Object.keys(PART_B_REASONS) as [PartBReason, ...PartBReason[]], { message: 'Please choose a reason' }),
    remark: z.string().trim().min(1, 'Please enter a remark').max(50, 'At most 50 characters'),
  })
  .superRefine((v, ctx) => {
    railAirShipNeedDoc(v, ctx);
    if (v.transMode === '1' && !v.vehicleNo) ctx.addIssue({ code: 'custom', path: ['vehicleNo'], message: 'Please enter the vehicle number' });
  });
export type PartBInput = z.infer<typeof PartBInput>;

/** A consolidated e-way bill: the e-way bills of a manifest's orders (their latest invoices), in one vehicle. */
export const ConsolidateInput = z
  .object({
    orderIds: z.array(z.string().trim().min(1).max(64)).min(1, 'Please choose the orders of the manifest').max(500),
    transMode: z.enum(transModes).default('1'),
    vehicleNo, transDocNo, transDocDate,
  })
  .superRefine((v, ctx) => {
    railAirShipNeedDoc(v, ctx);
    if (v.transMode === '1' && !v.vehicleNo) ctx.addIssue({ code: 'custom', path: ['vehicleNo'], message: 'Please enter the vehicle number' });
  });
export type ConsolidateInput = z.infer<typeof ConsolidateInput>;

/** Where an invoice's e-way bill came from: by its IRN (the IRP), or the e-way bill system's own Generate. */
export const EWB_SOURCES = ['irn', 'ewb'] as const;

const EwayBillViewSchema = z.object({
  invoiceId: z.string(), orderId: z.string(), companyId: z.string(), docNo: z.string(), buyerName: z.string(), amountPaise: z.number(),
  source: z.enum(EWB_SOURCES), ewbNo: z.string(), generatedAt: z.string(), validTill: z.string().nullable(),
  distanceKm: z.number().nullable(), transMode: z.string().nullable(), transporterId: z.string().nullable(), vehicleNo: z.string().nullable(),
  transDocNo: z.string().nullable(), partBAt: z.string().nullable(), demo: z.boolean(), canCancel: z.boolean(), consolidatedNo: z.string().nullable(),
});
export type EwayBillView = z.infer<typeof EwayBillViewSchema>;
export const EwayBillResponse = z.object({ status: z.literal(true), ewayBill: EwayBillViewSchema });
export type EwayBillResponse = z.infer<typeof EwayBillResponse>;
/**
 * A Generate without IRN whose answer never arrived (or a 604 its lookup did not settle): the e-way bill system
 * may hold an e-way bill for the invoice that is not stored here. The next Generate looks the document up first.
 */
const EwayBillPendingSchema = z.object({ invoiceId: z.string(), companyId: z.string(), docNo: z.string(), buyerName: z.string(), amountPaise: z.number(), since: z.string(), message: z.string() });
export type EwayBillPending = z.infer<typeof EwayBillPendingSchema>;
export const EwayBillListResponse = z.object({ status: z.literal(true), ewayBills: z.array(EwayBillViewSchema), pending: z.array(EwayBillPendingSchema) });
export type EwayBillListResponse = z.infer<typeof EwayBillListResponse>;
/** A manifest none of whose orders has an e-way bill: nothing to consolidate. */
export const CONSOLIDATE_NONE = 'None of the orders on this manifest has an e-way bill yet: generate them first (the order panel, or Settings > GST).';
export const ConsolidatedResponse = z.object({ status: z.literal(true), consolidatedNo: z.string(), generatedAt: z.string(), ewbNos: z.array(z.string()) });
export type ConsolidatedResponse = z.infer<typeof ConsolidatedResponse>;
export const EwayBillCancelResponse = z.object({ status: z.literal(true), invoiceId: z.string(), ewbNo: z.string() });
export type EwayBillCancelResponse = z.infer<typeof EwayBillCancelResponse>;

/** The e-way bill system did not answer a Generate, and its lookup by document could not say whether it made one. */
export const ewbLostUnknown = (docNo: string) =>
  `The e-way bill system did not answer, and may have made the e-way bill of invoice ${docNo}. ShipDesk looks it up before generating again: try again in a few minutes (nothing is generated twice)`;
/** The e-way bill system did not answer a Generate, and has no e-way bill for the document (yet). */
export const ewbLostNone = (docNo: string) =>
  `The e-way bill system did not answer and shows no e-way bill for invoice ${docNo} yet. Try again in a few minutes: ShipDesk looks it up before generating again`;
/** 604 and the lookup by document did not return it. */
export const ewbDuplicateNotFound = (docNo: string, reason: string) =>
  `The e-way bill system says invoice ${docNo} already has an e-way bill (604) but did not return it (${reason}). Check it on the e-way bill portal; Generate looks it up again first`;
/** Another Generate for the invoice is being sent. */
export const EWB_GENERATING = 'An e-way bill for this invoice is being generated: wait a moment and look again';
