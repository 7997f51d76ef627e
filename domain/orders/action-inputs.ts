// The inputs of the order actions and of the bulk actions, and their rules.
import { z } from 'zod';
import { PAYMENT_MODES } from '../statuses';
import { normalisePhone, PHONE_INPUT_MAX } from '../phone';
import { SELECT_AT_LEAST_ONE } from '../messages';
import {
  BULK_CANCEL_LIMIT,
  BULK_CANCEL_LIMIT_MSG,
  CANCEL_REASON_MAX,
  CANCEL_REASON_REQUIRED,
  CANCEL_REASON_TOO_LONG,
  DUE_DATE_WINDOW_DAYS,
  RETURN_QTY_TOO_HIGH,
  RETURN_QTY_ZERO,
} from './texts';
import { addDays, istToday } from './ist-dates';
import { csv, isoDate } from './field-schemas';

const inputMsg = (label: string) => `Please input ${label}!`;
const reqText = (label: string, max = 120) => z.string({ error: inputMsg(label) }).trim().min(1, inputMsg(label)).max(max);

export const customerDetailsSchema = z.object({
  firstName: reqText('First Name', 60),
  lastName: reqText('Last Name', 60),
  phone: z.string({ error: inputMsg('Phone') }).trim().max(PHONE_INPUT_MAX).transform(normalisePhone).pipe(z.string().regex(/^[1-9][0-9]{9}$/, 'Phone number must be 10 digits')),
  email: z
    .string()
    .trim()
    .max(120)
    .optional()
    .transform((s) => (s ? s : undefined))
    .pipe(z.email('Email is not valid!').optional()),
  address1: reqText('Address Line 1', 200),
  address2: reqText('Address Line 2', 200),
  city: reqText('City', 80),
  state: reqText('State', 80),
  pincode: z.string({ error: inputMsg('Pincode') }).trim().max(12).regex(/^[1-9][0-9]{5}$/, 'Pincode must be 6 digits'),
});
export type CustomerDetails = z.output<typeof customerDetailsSchema>;

export const orderDetailsSchema = z.object({
  remarks: z.string().trim().max(500, 'Remarks cannot be more than 500 characters').optional(),
  ewayBill: z
    .string()
    .trim()
    .max(20, 'E-way bill number must be 12 digits')
    .optional()
    .refine((s) => !s || /^\d{12}$/.test(s), 'E-way bill number must be 12 digits'),
  purchaseOrderNumber: z.string().trim().max(40, 'Purchase order number cannot be more than 40 characters').optional(),
});

export const cancelOrderSchema = z.object({
  reason: z.string({ error: CANCEL_REASON_REQUIRED }).trim().min(1, CANCEL_REASON_REQUIRED).max(CANCEL_REASON_MAX, CANCEL_REASON_TOO_LONG),
});

/** Body of PATCH /orders/{id}/mark-delivered; the due-date window is checked against "today" by the caller. */
export const markDeliveredSchema = z.object({
  status: z.literal('DELIVERED').default('DELIVERED'),
  paymentMode: z.enum(PAYMENT_MODES).optional(),
  d2RDueDate: isoDate.nullish(),
});
export function dueDateInWindow(date: string, today: string = istToday()): boolean {
  return date >= today && date <= addDays(today, DUE_DATE_WINDOW_DAYS);
}

/** A shipping package whose maximum weight is below the order's weight. */
export const packageTooSmall = (name: string, maxG: number, orderG: number) =>
  `${name} holds at most ${maxG} g; this order weighs ${orderG} g`;
export const shippingPackageChangeSchema = z.object({
  orderId: z.string().min(1).max(64),
  selectedValue: z.string().min(1, 'Please select a shipping package').max(64),
});

export const returnItemSchema = z.object({ id: z.string().min(1).max(64), returnQuantity: z.number().int().min(0) });
export const scheduleReturnSchema = z.object({
  splitOrderId: z.string().min(1).max(64),
  items: z.array(returnItemSchema).min(1, RETURN_QTY_ZERO).max(200),
  reason: z.string().trim().max(500).optional(),
});
/** The quantity rules of a return, against the ordered quantities; null when fine. */
export function returnQuantityError(items: { id: string; returnQuantity: number }[], ordered: Map<string, number>): string | null {
  for (const it of items) {
    const q = ordered.get(it.id);
    if (q === undefined) return 'Unknown item in return';
    if (it.returnQuantity > q) return RETURN_QTY_TOO_HIGH;
  }
  if (!items.some((it) => it.returnQuantity > 0)) return RETURN_QTY_ZERO;
  return null;
}

export const cancelReturnSchema = z.object({
  splitOrderId: z.string().min(1).max(64),
  provider: z.string().max(64).nullish(),
  awb: z.string().max(40).nullish(),
});

export const weightChangeSchema = z.object({
  weightG: z.number().int().min(1, 'Weight must be at least 1 gram').max(500_000),
  lengthCm: z.number().positive().max(500).optional(),
  breadthCm: z.number().positive().max(500).optional(),
  heightCm: z.number().positive().max(500).optional(),
});
export const reassignWarehouseSchema = z.object({ warehouseId: z.string().min(1, 'Please select warehouse').max(64) });
export const updateQuantitiesSchema = z.object({
  items: z.array(z.object({ id: z.string().min(1).max(64), quantity: z.number().int().min(1, 'Quantity must be at least 1').max(100_000) })).min(1).max(200),
});
export const creditNoteSchema = z.object({
  amountPaise: z.number().int().min(1, 'Amount must be more than zero').optional(),
  reason: z.string().trim().min(1, 'Please enter a reason').max(500),
});

// Bulk actions
const idList = z.array(z.string().min(1).max(64)).min(1, SELECT_AT_LEAST_ONE).max(5000);
export const bulkReadyToShipSchema = z.object({
  /** Comma-separated ids, or a JSON array of ids: both are what callers send. */
  orderids: z
    .union([z.string().max(5000 * 65), z.array(z.string().max(64)).max(5000)], { error: SELECT_AT_LEAST_ONE })
    .transform((s) => [...new Set((typeof s === 'string' ? s.split(',') : s).map((x) => x.trim()).filter(Boolean))])
    .pipe(idList),
  socketId: z.string().max(200).optional(),
});
export const bulkCancelQuerySchema = z.object({
  orderIds: csv(z.string().min(1).max(64), 5000).pipe(
    z.array(z.string(), { error: SELECT_AT_LEAST_ONE }).min(1, SELECT_AT_LEAST_ONE).max(BULK_CANCEL_LIMIT, BULK_CANCEL_LIMIT_MSG),
  ),
  reason: z.string().trim().max(CANCEL_REASON_MAX, CANCEL_REASON_TOO_LONG).optional(),
});
export const bulkServiceabilitySchema = z.object({ orderIds: idList });
