// Offline commands: one entry per command name with the zod schema of its args.
// To add a command, add an entry here; TypeScript then asks for its server
// handler (`commandHandlers` in server/apply.ts) and its optimistic local
// effect (`LocalEffects` in client/engine.ts).
//
// TODO(lead): swap the plain string checks for the AWB/WSIN format schemas in
// domain/ once they exist, so both ends share the spec's messages.
import { z } from 'zod';
import { isValidGtin } from '../domain/gs1';
import { parcelFields } from '../domain/floor';

const id = z.string().min(1).max(64);
const count = z.number().int().nonnegative();

const stockKey = { warehouseId: id, companyId: id, wsin: id };

export const commandArgs = {
  'pack.scan': z.object({
    awb: id,
    orderId: id,
    wsin: id,
    /** What the unit's GS1 barcode said, when it was scanned by one (stored with the packed unit). */
    gs1: z
      .object({
        gtin: z.string().regex(/^\d{14}$/).refine(isValidGtin, 'Not a GTIN'),
        lot: z.string().min(1).max(20).optional(),
        expiry: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
        serial: z.string().min(1).max(20).optional(),
      })
      .optional(),
  }),
  /** The packed parcel weighed and its box named (domain/floor.ts parcelFields; the box rule is the server's). */
  'pack.weigh': z.object({
    orderId: id,
    awb: id,
    ...parcelFields,
    /** Key of the uploaded parcel photo (a 'proof' image of the order's company): weight dispute evidence. */
    photoKey: id.optional(),
  }),
  'pack.submit': z.object({
    orderId: id,
    awb: id,
    scanned: z.record(id, count), // wsin -> quantity scanned
  }),
  'return.approve': z.object({
    orderId: id,
    returnType: z.enum(['RTO', 'DTO']),
    items: z
      .array(
        z.object({
          wsin: id,
          sku: id,
          missingQuantity: count,
          damageQuantity: count,
          imageKey: id.optional(), // key of the uploaded proof image
        }),
      )
      .min(1)
      .max(1000),
  }),
  'inventory.inbound': z.object({ ...stockKey, accepted: count, rejected: count, remarks: z.string().max(500).optional() }),
  'inventory.adjust': z.object({
    ...stockKey,
    delta: z.number().int().refine((d) => d !== 0, 'delta must not be 0'),
    remarks: z.string().min(1).max(500),
  }),
  'inventory.scanned': z.object({ ...stockKey, quantity: count }),
} satisfies CommandRegistry;

/** Any map of command name -> args schema; the engine and apply are generic over it. */
export type CommandRegistry = Record<string, z.ZodType>;

export type AppCommands = typeof commandArgs;
export type CommandName = keyof AppCommands;
export type CommandArgs<N extends CommandName> = z.output<AppCommands[N]>;

export const COMMAND_NAMES = Object.keys(commandArgs) as CommandName[];
export const commandNameSchema = z.enum(COMMAND_NAMES as [CommandName, ...CommandName[]]);
