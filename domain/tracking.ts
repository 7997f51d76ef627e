// Public shipment tracking: the zod schemas the API and the layout editor share
// (part 1 §5), over the zod-free rules in ./tracking-rules (which the public page
// imports on its own to keep zod out of its bundle).
import { z } from 'zod';
import { okBody, MessageResponse } from './api';
import {
  ADDRESS_CHANGE_REQUIRED,
  AWB_INVALID,
  AWB_MAX,
  AWB_MIN,
  AWB_REQUIRED,
  BUYER_TOKEN_INVALID,
  COLOUR_INVALID,
  COLOUR_RE,
  DEFAULT_TRACKING_LAYOUT,
  isWebUrl,
  LINK_NAME_REQUIRED,
  LINK_NAME_TOO_LONG,
  LINK_URL_INVALID,
  LINK_URL_REQUIRED,
  LINKS_MAX_MSG,
  LOGO_KEY_RE,
  LOGO_REUPLOAD,
  MAX_LINKS,
  NDR_PHONE_INVALID,
  PHONE_LAST4_INVALID,
  PHONE_RE,
  REATTEMPT_DATE_INVALID,
  type PublicShipmentDetailsResponse,
  type PublicTrackingResponse,
  type TrackingLayout,
} from './tracking-rules';
import { ONLY_IMAGES } from './uploads';
import { normalisePhone, PHONE_INPUT_MAX } from './phone';

export * from './tracking-rules';
export { ONLY_IMAGES };

export const awbSchema = z
  .string({ error: AWB_REQUIRED })
  .trim()
  .min(1, AWB_REQUIRED)
  .min(AWB_MIN, AWB_INVALID)
  .max(AWB_MAX, AWB_INVALID);

const colour = () => z.string({ error: COLOUR_INVALID }).trim().max(7, COLOUR_INVALID).regex(COLOUR_RE, COLOUR_INVALID);

export const trackingLinkSchema = z.object({
  key: z.string().trim().min(1).max(64),
  linkName: z.string({ error: LINK_NAME_REQUIRED }).trim().min(1, LINK_NAME_REQUIRED).max(40, LINK_NAME_TOO_LONG),
  linkURL: z
    .string({ error: LINK_URL_REQUIRED })
    .trim()
    .min(1, LINK_URL_REQUIRED)
    .max(500, LINK_URL_INVALID)
    .refine((s) => s === '' || isWebUrl(s), LINK_URL_INVALID),
});

export const trackingLogoSchema = z
  .object({
    data: z.string().max(64, ONLY_IMAGES).regex(LOGO_KEY_RE, ONLY_IMAGES),
    name: z.string().trim().max(200),
    url: z.string().max(80, LOGO_REUPLOAD),
  })
  .refine((l) => l.url === `/api/files/${l.data}`, { message: LOGO_REUPLOAD, path: ['url'] });

/** The layout as the editor form and `PATCH /ums/profile/tracking-layout` accept it. */
export const trackingLayoutSchema = z.object({
  pc: colour(),
  sc: colour(),
  bg: colour(),
  bc: colour(),
  hf: colour(),
  hl: trackingLogoSchema.nullable(),
  links: z.array(trackingLinkSchema).max(MAX_LINKS, LINKS_MAX_MSG),
});

/** `PATCH /ums/profile/tracking-layout`: a layout, or null to reset to the default. */
export const saveTrackingLayoutSchema = z.object({ trackingLayout: trackingLayoutSchema.nullable() });

/** A stored layout (JSON text) as a valid layout; anything unreadable gives the default. */
export function readStoredLayout(stored: string | null | undefined): TrackingLayout {
  if (!stored) return { ...DEFAULT_TRACKING_LAYOUT, links: [] };
  try {
    const parsed = trackingLayoutSchema.safeParse(JSON.parse(stored));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through to the default
  }
  return { ...DEFAULT_TRACKING_LAYOUT, links: [] };
}

export const carrierEventSchema = z.object({
  eventId: z.string().trim().min(1).max(100),
  awb: awbSchema,
  status: z.string().trim().min(1).max(60),
  city: z.string().trim().max(100).nullish(),
  description: z.string().trim().max(300).nullish(),
  occurredAt: z.iso.datetime({ offset: true }).max(40),
});
export type CarrierEvent = z.infer<typeof carrierEventSchema>;

export const verifyBuyerSchema = z.object({
  phoneLast4: z.string({ error: PHONE_LAST4_INVALID }).trim().max(20, PHONE_LAST4_INVALID).regex(/^\d{4}$/, PHONE_LAST4_INVALID),
});

const optionalText = (max: number) => z.string().trim().max(max).optional();

export const customerRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('reattempt'),
    token: z.string().min(1, BUYER_TOKEN_INVALID).max(300, BUYER_TOKEN_INVALID),
    date: z.string().max(10, REATTEMPT_DATE_INVALID).regex(/^\d{4}-\d{2}-\d{2}$/, REATTEMPT_DATE_INVALID),
  }),
  z
    .object({
      kind: z.literal('address'),
      token: z.string().min(1, BUYER_TOKEN_INVALID).max(300, BUYER_TOKEN_INVALID),
      address1: optionalText(200),
      address2: optionalText(200),
      landmark: optionalText(120),
      phone: z
        .string()
        .trim()
        .max(PHONE_INPUT_MAX)
        .transform(normalisePhone)
        .pipe(z.string().refine((p) => p === '' || PHONE_RE.test(p), NDR_PHONE_INVALID))
        .optional(),
    })
    .refine((a) => !!(a.address1 || a.address2 || a.landmark || a.phone), { message: ADDRESS_CHANGE_REQUIRED, path: ['address1'] }),
]);
export type CustomerRequestInput = z.infer<typeof customerRequestSchema>;

/**
 * GET /api/ums/profile/get-tracking-layout: the saved layout (a valid one: readStoredLayout), a recent AWB to preview it
 * with, and the seller's name and profile logo that the public page's header shows when the layout has no logo.
 */
export const TrackingLayoutResponse = okBody({
  responseBody: z.object({
    trackingLayout: trackingLayoutSchema,
    isDefault: z.boolean(),
    sampleAwb: z.string().nullable(),
    seller: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  }),
});
export type TrackingLayoutResponse = z.infer<typeof TrackingLayoutResponse>;

/** PATCH /api/ums/profile/tracking-layout */
export const TrackingLayoutSavedResponse = MessageResponse;
export type TrackingLayoutSavedResponse = z.infer<typeof TrackingLayoutSavedResponse>;

// ---- Public tracking answers; the types live zod-free in ./tracking-rules for the public page ----

const PublicTimelineEntrySchema = z.object({ status: z.string(), createdAt: z.string(), description: z.string(), city: z.string().nullable() });

/** GET /api/order/:awb (PublicTrackingResponse). */
export const PublicTrackingResponseSchema: z.ZodType<PublicTrackingResponse> = okBody({
  data: z.object({
    data: z.object({
      trackingNumber: z.string(),
      shopOrderId: z.string(),
      status: z.string(),
      shipper: z.string().nullable(),
      pickup: z.object({ state: z.string() }),
      shipping: z.object({ state: z.string() }),
      deliveredOn: z.string().nullable(),
      estimatedDelivery: z.string().nullable(),
      customerRequestsAllowed: z.boolean(),
      timeline: z.array(PublicTimelineEntrySchema),
      pageLayout: z.custom<TrackingLayout>((v) => typeof v === 'object' && v !== null),
      updatedAt: z.string(),
    }),
  }),
});

/** GET /api/order/:awb/details (PublicShipmentDetailsResponse). */
export const PublicShipmentDetailsResponseSchema: z.ZodType<PublicShipmentDetailsResponse> = okBody({
  data: z.object({
    delayed: z.boolean(),
    revisedEstimate: z.string().nullable(),
    seller: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
    requests: z.array(z.object({ kind: z.enum(['reattempt', 'address']), status: z.enum(['OPEN', 'ACCEPTED', 'DECLINED']), createdAt: z.string(), date: z.string().nullable() })),
  }),
});

/** POST /api/order/:awb/ndr/verify: the buyer's token for step 2 and the dates a re-attempt may be asked for. */
export const BuyerVerifiedResponse = okBody({ token: z.string(), reattemptDates: z.array(z.string()) });
export type BuyerVerifiedResponse = z.infer<typeof BuyerVerifiedResponse>;

/** POST /api/order/:awb/ndr/requests (201). */
export const BuyerRequestCreatedResponse = MessageResponse;
export type BuyerRequestCreatedResponse = z.infer<typeof BuyerRequestCreatedResponse>;

/** POST /api/webhooks/carrier/:partnerCode: the event stored (or already stored: `duplicate`), and the order's status after it. */
export const CarrierEventResponse = z.union([
  okBody({ duplicate: z.literal(true) }),
  okBody({ duplicate: z.literal(false), orderStatus: z.string(), applied: z.boolean() }),
]);
export type CarrierEventResponse = z.infer<typeof CarrierEventResponse>;

/** GET /api/admin/webhook-secrets: each courier's webhook address and secret, for the admin to hand over. */
export const WebhookSecretsResponse = okBody({
  webhooks: z.array(z.object({ code: z.string(), name: z.string(), active: z.boolean(), url: z.string(), secret: z.string() })),
});
export type WebhookSecretsResponse = z.infer<typeof WebhookSecretsResponse>;

/** POST /api/admin/webhook-secrets/:code/rotate: the courier's new secret. */
export const WebhookSecretRotatedResponse = okBody({ code: z.string(), secret: z.string() });
export type WebhookSecretRotatedResponse = z.infer<typeof WebhookSecretRotatedResponse>;
