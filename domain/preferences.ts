// Seller preferences (part 2 §2 'Preferences page', §3 'Seller preference keys',
// §6): on/off switches for label and invoice printing, the courier order for
// the two third-party providers, the maximum weight for white label (admin
// only) and return-to-other-warehouse (only with the Clickpost provider).
import { z } from 'zod';
import { okBody } from './api';

export const PREFERENCE_SWITCHES = [
  { key: 'printItemLabel', label: 'Print item labels', description: 'Adds one label per item to the shipping label PDF' },
  { key: 'hideCustomerPhoneOnLabel', label: 'Hide customer phone on label', description: "Leaves the buyer's phone number off the label" },
] as const;
export type PreferenceSwitchKey = (typeof PREFERENCE_SWITCHES)[number]['key'];

/** The two third-party provider slots, in the order a courier is tried. */
export const COURIER_SLOTS = [
  { key: 'courierProvider1', label: 'Third-party provider 1 courier' },
  { key: 'courierProvider2', label: 'Third-party provider 2 courier' },
] as const;

export const MAX_WEIGHT_ADMIN_ONLY = 'Only an admin can change the maximum weight for white label';
export const RETURN_TO_OTHER_WAREHOUSE_NEEDS_CLICKPOST = 'Return to other warehouse is available only when the Clickpost provider is active';
export const SAME_COURIER_TWICE = 'Please choose two different couriers';
export const UNKNOWN_COURIER = 'Please select an active courier';
export const PREFERENCES_SAVED = 'Preferences saved';
export const PLEASE_SELECT_COMPANY = 'Please select a company';
export const weightAboveLimit = (weightG: number, maxG: number) =>
  `Order weight ${weightG} g is above the maximum weight for white label (${maxG} g)`;

const courierCode = z.string().trim().max(40).nullable();

export const preferencesSchema = z.object({
  printItemLabel: z.boolean(),
  hideCustomerPhoneOnLabel: z.boolean(),
  courierProvider1: courierCode,
  courierProvider2: courierCode,
  /** Grams; null = no limit. */
  maxWeightWhiteLabelG: z.number({ error: 'Maximum weight must be a number' }).int('Maximum weight must be whole grams').min(1, 'Maximum weight must be more than 0').max(1_000_000).nullable(),
  returnToOtherWarehouse: z.boolean(),
});
export type Preferences = z.output<typeof preferencesSchema>;

/** Body of POST /ums/profile/preferences; `companyId` names the company for an admin. */
export const savePreferencesSchema = preferencesSchema.extend({ companyId: z.string().max(64).optional() });
export const preferencesQuerySchema = z.object({ companyId: z.string().max(64).optional() });

export const DEFAULT_PREFERENCES: Preferences = {
  printItemLabel: false,
  hideCustomerPhoneOnLabel: false,
  courierProvider1: null,
  courierProvider2: null,
  maxWeightWhiteLabelG: null,
  returnToOtherWarehouse: false,
};

/** The courier order of a company's preferences, without gaps. */
export const courierOrder = (p: Pick<Preferences, 'courierProvider1' | 'courierProvider2'>): string[] =>
  [p.courierProvider1, p.courierProvider2].filter((c): c is string => !!c);

export const PreferencesView = z.object({
  printItemLabel: z.boolean(),
  hideCustomerPhoneOnLabel: z.boolean(),
  courierProvider1: z.string().nullable(),
  courierProvider2: z.string().nullable(),
  maxWeightWhiteLabelG: z.number().nullable(),
  returnToOtherWarehouse: z.boolean(),
  companyId: z.string(),
  companyName: z.string(),
  /** The company's Clickpost provider is active (return-to-other-warehouse may be switched on). */
  clickpostActive: z.boolean(),
  canEditMaxWeight: z.boolean(),
});
export type PreferencesView = z.infer<typeof PreferencesView>;
/** The preferences a view holds, without what only describes the company (what the form edits and a save sends). */
export const preferencesOf = ({ companyId: _c, companyName: _n, clickpostActive: _a, canEditMaxWeight: _m, ...p }: PreferencesView): Preferences => p;
/** GET /api/ums/profile/preferences */
export const PreferencesResponse = okBody({ data: PreferencesView });
export type PreferencesResponse = z.infer<typeof PreferencesResponse>;
/** POST /api/ums/profile/preferences */
export const SavePreferencesResponse = PreferencesResponse.extend({ message: z.string() });
export type SavePreferencesResponse = z.infer<typeof SavePreferencesResponse>;

/** GET /ums/profile/deliveryPartners (part 2 §7). */
export const DeliveryPartner = z.object({ name: z.string(), status: z.number(), code: z.string() });
export type DeliveryPartner = z.infer<typeof DeliveryPartner>;
/** GET /api/ums/profile/deliveryPartners */
export const DeliveryPartnersResponse = okBody({ responseBody: z.object({ deliveryPartners: z.array(DeliveryPartner) }) });
export type DeliveryPartnersResponse = z.infer<typeof DeliveryPartnersResponse>;

/** GET /ums/profile/companies/find?companyName (part 2 §7). */
export const findCompaniesSchema = z.object({ companyName: z.string().trim().max(120).default('') });
export const CompanyMatch = z.object({ id: z.string(), name: z.string() });
export type CompanyMatch = z.infer<typeof CompanyMatch>;
/** GET /api/ums/profile/companies/find */
export const FindCompaniesResponse = okBody({ data: z.array(CompanyMatch) });
export type FindCompaniesResponse = z.infer<typeof FindCompaniesResponse>;

/** Is this weight allowed by the preference's white-label limit? */
export function weightLimitRefusal(weightG: number, p: Pick<Preferences, 'maxWeightWhiteLabelG'>): string | null {
  return p.maxWeightWhiteLabelG !== null && weightG > p.maxWeightWhiteLabelG ? weightAboveLimit(weightG, p.maxWeightWhiteLabelG) : null;
}
