// Weight reconciliation: the weight a courier billed for an AWB against the
// chargeable weight recorded at packing (docs/integrations/weight-reconciliation.md).
import { z } from 'zod';
import { courierCode, MAX_FILE_BYTES } from './remittance';

export const WEIGHT_FIELDS = ['awb', 'weight', 'date', 'charge'] as const;
export type WeightField = (typeof WEIGHT_FIELDS)[number];
/** The extra charge is read when the courier's file has it. */
export const OPTIONAL_WEIGHT_FIELDS: readonly WeightField[] = ['charge'];
export const WEIGHT_FIELD_LABELS: Record<WeightField, string> = { awb: 'AWB', weight: 'Billed weight', date: 'Billed on', charge: 'Extra charge' };

export const weightMappingSchema = z.object({
  awb: z.string().trim().min(1).max(80),
  weight: z.string().trim().min(1).max(80),
  date: z.string().trim().min(1).max(80),
  charge: z.string().trim().max(80).optional(),
});
export type WeightMapping = z.infer<typeof weightMappingSchema>;

/** The couriers' weight reports as their panels export them (see the integration page for the sources). */
export const BUILT_IN_WEIGHT_LAYOUTS: Record<string, WeightMapping> = {
  delhivery: { awb: 'Waybill', weight: 'Charged Weight', date: 'Billing Date', charge: 'Excess Charge' },
  shiprocket: { awb: 'AWB Code', weight: 'Charged Weight (KG)', date: 'Discrepancy Date', charge: 'Excess Weight Charges' },
};

export const DEFAULT_DISPUTE_DAYS = 7;

/** Where a billed weight came from: a courier's file imported by finance, its tracking push, or its tracking answer to the hourly poll. */
export const WEIGHT_SOURCES = ['file', 'push', 'poll'] as const;
export type WeightSource = (typeof WEIGHT_SOURCES)[number];

/** A billed weight as read from a file row or a courier's push: grams, and the India day the dispute window counts from. */
export type BilledWeight = { awb: string; date: string; grams: number; chargePaise: number | null };

export const weightImportSchema = z.object({
  courier: courierCode,
  fileName: z.string().trim().min(1).max(200),
  /** The file's bytes, base64. */
  contentBase64: z.string().min(1).max(Math.ceil((MAX_FILE_BYTES * 4) / 3) + 4),
  /** Saved for the courier when given; otherwise the saved or built-in mapping is used. */
  mapping: weightMappingSchema.optional(),
});
export type WeightImportInput = z.infer<typeof weightImportSchema>;

export const weightCourierSchema = z.object({
  courier: courierCode,
  /** Days after billing within which the courier takes a dispute. */
  disputeDays: z.coerce.number().int().min(1).max(60),
});

export const toleranceSchema = z.object({ toleranceG: z.coerce.number().int().min(0).max(5000) });

export const decideSchema = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1).max(5000),
  decision: z.enum(['accept', 'dispute']),
});
export type DecideInput = z.infer<typeof decideSchema>;

export const weightListSchema = z.object({ courier: courierCode.optional() });
export const disputeFileSchema = z.object({ courier: courierCode });

export const WEIGHT_STATUSES = ['match', 'auto_accepted', 'open', 'accepted', 'disputed', 'unknown_awb', 'not_weighed'] as const;
export type WeightStatus = (typeof WEIGHT_STATUSES)[number];
export const WEIGHT_STATUS_LABELS: Record<WeightStatus, string> = {
  match: 'Matches packing',
  auto_accepted: 'Within tolerance',
  open: 'Discrepancy',
  accepted: 'Accepted',
  disputed: 'Disputed',
  unknown_awb: 'Unknown AWB',
  not_weighed: 'Not weighed at packing',
};
/** Statuses that count as a discrepancy (billed above what was packed). */
export const DISCREPANCY_STATUSES: readonly WeightStatus[] = ['auto_accepted', 'open', 'accepted', 'disputed'];

/** The status of a billed weight against the packed chargeable weight, given the seller's tolerance. */
export function weightStatus(packedChargeableG: number | null | undefined, orderFound: boolean, billedG: number, toleranceG: number): WeightStatus {
  if (!orderFound) return 'unknown_awb';
  if (packedChargeableG === null || packedChargeableG === undefined) return 'not_weighed';
  const diff = billedG - packedChargeableG;
  if (diff <= 0) return 'match';
  return diff <= toleranceG ? 'auto_accepted' : 'open';
}

/** "0.5", "1,250 g", "1.25 kg", "500gm" → integer grams, exactly; a bare number is in kg (as couriers bill). Null when not a weight. */
export function parseGrams(text: string): number | null {
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,3}))?\s*(kg|kgs|g|gm|gms|grams?)?$/i.exec(text.trim());
  if (!m) return null;
  const whole = Number(m[1].replace(/,/g, ''));
  const unit = (m[3] ?? 'kg').toLowerCase();
  if (unit.startsWith('k')) {
    const g = whole * 1000 + Number(((m[2] ?? '') + '000').slice(0, 3));
    return Number.isSafeInteger(g) ? g : null;
  }
  if (m[2] && Number(m[2]) !== 0) return null; // a fraction of a gram
  return Number.isSafeInteger(whole) ? whole : null;
}

/** Grams as kg with three decimals, exactly ("0.500"). */
export const gramsToKg = (g: number) => `${g < 0 ? '-' : ''}${Math.floor(Math.abs(g) / 1000)}.${String(Math.abs(g) % 1000).padStart(3, '0')}`;

export const MAX_BILLED_G = 1_000_000;
export const NO_WEIGHT_MAPPING = 'Map the columns of this courier\'s weight file first';
export const disputeTooLate = (awb: string, by: string) => `The dispute window for ${awb} closed on ${by.split('-').reverse().join('/')}`;
export const DISPUTE_FILE_HEADER = [
  'AWB', 'Order', 'Billed on', 'Billed weight (kg)', 'Packed weight (kg)', 'Length (cm)', 'Breadth (cm)', 'Height (cm)',
  'Volumetric weight (kg)', 'Chargeable weight at packing (kg)', 'Difference (kg)', 'Extra charge (Rs)', 'Weighed at', 'Packed by', 'Photo', 'Dispute by',
  'Photo link valid until',
] as const;
/**
 * The dispute file's photo link works, without a session, until the end of this many days after the
 * dispute-by day (India): the courier looks at the evidence while it settles the dispute, after it was raised.
 */
export const PHOTO_LINK_DAYS_AFTER_DEADLINE = 30;

// ---------------------------------------------------------------------------
// Responses

const int = z.number().int();
export const WeightImportResultResponse = z.object({
  status: z.literal(true), message: z.string(), importId: z.string(), rows: int, added: int, alreadyImported: int,
  statuses: z.object(Object.fromEntries(WEIGHT_STATUSES.map((s) => [s, int])) as Record<WeightStatus, typeof int>),
});
export type WeightImportResult = z.infer<typeof WeightImportResultResponse>;

export const WeightRowSchema = z.object({
  id: z.string(), courier: z.string(), awb: z.string(), orderId: z.string().nullable(), shopOrderId: z.string().nullable(), companyName: z.string().nullable(),
  billedOn: z.string(), billedWeightG: int, chargePaise: int.nullable(), packedChargeableG: int.nullable(), differenceG: int.nullable(),
  status: z.enum(WEIGHT_STATUSES), disputeBy: z.string(), deadlinePassed: z.boolean(), source: z.enum(WEIGHT_SOURCES),
  evidence: z.object({
    photoUrl: z.string().nullable(), packedWeightG: int.nullable(), lengthCm: int.nullable(), breadthCm: int.nullable(), heightCm: int.nullable(),
    volumetricWeightG: int.nullable(), weighedAt: z.string().nullable(), packedBy: z.string().nullable(),
  }),
});
export type WeightRow = z.infer<typeof WeightRowSchema>;

export const WeightCourierTotalsSchema = z.object({
  courier: z.string(), billed: int, discrepancies: int, open: int, disputed: int, accepted: int, autoAccepted: int, extraG: int, extraPaise: int,
});
export type WeightCourierTotals = z.infer<typeof WeightCourierTotalsSchema>;

export const WeightOverviewResponse = z.object({
  status: z.literal(true),
  rows: z.array(WeightRowSchema),
  totals: z.array(WeightCourierTotalsSchema),
  couriers: z.array(z.object({ courier: z.string(), disputeDays: int, mapping: weightMappingSchema.nullable() })),
  /** The seller's tolerance (null for finance and admin, who see every company). */
  toleranceG: int.nullable(),
});
export type WeightOverview = z.infer<typeof WeightOverviewResponse>;

export const DecideResponse = z.object({ status: z.literal(true), message: z.string(), changed: int });
export const ToleranceSavedResponse = z.object({ status: z.literal(true), message: z.string(), reassessed: int });
