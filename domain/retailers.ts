// Retailers of a distributor (D2R): their store addresses, the list's search
// and the retailer mapping (spec part 2 §3 'Store address / retailer', §5
// 'Retailer mapping search', §7 'Manual order' calls, §8).
import { z } from 'zod';
import { okBody } from './api';
import { storeAddressSchema, STORE_ADDRESS_INCOMPLETE } from './manual-order';

export { storeAddressSchema, STORE_ADDRESS_INCOMPLETE };
export type { StoreAddress, StoreAddressInput } from './manual-order';

export const FAILED_TO_FETCH_STORES = 'Failed to fetch stores';
export const SOMETHING_WENT_WRONG = 'Something went wrong';
export const RETAILER_MAPPING_CREATED = 'Retailer Mapping Created';
export const STORE_ADDRESS_CREATED = 'Store address created';
export const MAPPING_SELF = 'A retailer cannot be mapped to itself';
export const MAPPING_TARGET_REQUIRED = 'Please select primary retailer';
export const MAPPING_CHAIN = 'The primary retailer is itself mapped to another retailer';
export const RETAILER_NOT_FOUND = 'Retailer not found';

/** Text longer than this, all digits, is searched as a phone number (part 2 §5). */
export const PHONE_SEARCH_MIN_EXCLUSIVE = 3;
export const SEARCH_OPTION_TYPES = ['text', 'phone'] as const;
export type SearchOptionType = (typeof SEARCH_OPTION_TYPES)[number];
export const RETAILER_PAGE_SIZE = 10;

/** 'phone' for numeric text longer than 3 characters, else 'text'. */
export function storeSearchType(text: string): SearchOptionType {
  const t = text.trim();
  return /^\d+$/.test(t) && t.length > PHONE_SEARCH_MIN_EXCLUSIVE ? 'phone' : 'text';
}

/** Store created with the country and coordinates the spec fixes. */
export const STORE_DEFAULTS = { country: 'India', countryCode: 'IN', latitude: 0, longitude: 0 } as const;

export const storeListQuerySchema = z.object({
  isActive: z.enum(['0', '1']).optional(),
  isDistributor: z.enum(['0', '1']).optional(),
  searchOptionType: z.enum(SEARCH_OPTION_TYPES).optional(),
  searchText: z.string().trim().max(100).optional(),
  companyId: z.string().max(64).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(RETAILER_PAGE_SIZE),
});
export type StoreListQuery = z.output<typeof storeListQuerySchema>;

export const retailerMappingSchema = z
  .object({
    retailerId: z.string({ error: RETAILER_NOT_FOUND }).trim().min(1, RETAILER_NOT_FOUND).max(64),
    mappedTo: z.string({ error: MAPPING_TARGET_REQUIRED }).trim().min(1, MAPPING_TARGET_REQUIRED).max(64),
  })
  .refine((v) => v.retailerId !== v.mappedTo, { path: ['mappedTo'], message: MAPPING_SELF });
export type RetailerMapping = z.output<typeof retailerMappingSchema>;

/** A store address as the list, the slide-over and the order form read it. */
export type StoreAddressDto = {
  id: string;
  companyId: string;
  storeName: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string | null;
  address1: string;
  address2: string;
  addressLine1: string;
  addressLine2: string;
  zip: string;
  pincode: string;
  city: string;
  state: string;
  GSTIN: string | null;
  isDistributor: boolean;
  isActive: boolean;
  mappedTo: string | null;
  country: 'India';
  countryCode: 'IN';
  latitude: number;
  longitude: number;
  createdAt: string;
};

/** A store as a shipping address of the manual order form. */
export function storeAsShippingAddress(s: Pick<StoreAddressDto, 'storeName' | 'firstName' | 'lastName' | 'phone' | 'email' | 'address1' | 'address2' | 'zip' | 'city' | 'state' | 'GSTIN'>) {
  return {
    firstName: s.firstName || s.storeName,
    lastName: s.lastName || s.storeName,
    phone: s.phone,
    email: s.email ?? '',
    address1: s.address1,
    address2: s.address2,
    zip: s.zip,
    city: s.city,
    state: s.state,
    gstin: s.GSTIN ?? '',
  };
}

// ---- Responses (typed once, used by handler and client) ---------------

/** A store address as the API answers it (same name as its type). */
export const StoreAddressDto: z.ZodType<StoreAddressDto> = z.object({
  id: z.string(),
  companyId: z.string(),
  storeName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  address1: z.string(),
  address2: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  zip: z.string(),
  pincode: z.string(),
  city: z.string(),
  state: z.string(),
  GSTIN: z.string().nullable(),
  isDistributor: z.boolean(),
  isActive: z.boolean(),
  mappedTo: z.string().nullable(),
  country: z.literal('India'),
  countryCode: z.literal('IN'),
  latitude: z.number(),
  longitude: z.number(),
  createdAt: z.string(),
});

/** GET /api/d2r/store-address/list */
export const StoreListResponse = okBody({
  storeAddressData: z.array(StoreAddressDto),
  totalRecords: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type StoreListResponse = z.infer<typeof StoreListResponse>;

/** GET /api/d2r/store-address/:id */
export const StoreAddressResponse = okBody({ data: StoreAddressDto, orderCount: z.number() });
export type StoreAddressResponse = z.infer<typeof StoreAddressResponse>;

/** POST /api/d2r/store-address (201) */
export const StoreAddressCreatedResponse = okBody({ message: z.string(), data: StoreAddressDto });
export type StoreAddressCreatedResponse = z.infer<typeof StoreAddressCreatedResponse>;

/** A retailer other retailers are mapped to, with how many. */
export const PrimaryRetailer = z.object({ mappedTo: z.string(), storeName: z.string(), phone: z.string(), city: z.string(), retailerCount: z.number() });
export type PrimaryRetailer = z.infer<typeof PrimaryRetailer>;

/** GET /api/d2r/primary/retailers */
export const PrimaryRetailersResponse = okBody({ primaryRetailers: z.array(PrimaryRetailer) });
export type PrimaryRetailersResponse = z.infer<typeof PrimaryRetailersResponse>;

/** GET /api/retailer/mapping/count/:retailerId */
export const MappingCountResponse = okBody({ orderCount: z.number() });
export type MappingCountResponse = z.infer<typeof MappingCountResponse>;

/** POST /api/d2r/retailer/mapping */
export const RetailerMappingResponse = okBody({ message: z.string(), orderCount: z.number() });
export type RetailerMappingResponse = z.infer<typeof RetailerMappingResponse>;
