// The app's command definitions, and binding handlers for them the way the
// Kysely binding will (here against the in-memory store).
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, commandArgs, commandNameSchema, type CommandArgs, type CommandName } from '../../sync/commands';
import { SYNC_SCHEMA_VERSION } from '../../sync/protocol';
import { applyPush, commandHandlers, CommandRejected } from '../../sync/server/apply';
import { MemoryServerStore, type MemoryServerTx } from '../../sync/server/memory-store';

const valid: { [N in CommandName]: CommandArgs<N> } = {
  'pack.scan': { awb: '1234567890', orderId: 'o1', wsin: 'W1' },
  'pack.weigh': { orderId: 'o1', awb: '1234567890', weightG: 850, packageCode: 'BOX-S' },
  'pack.submit': { orderId: 'o1', awb: '1234567890', scanned: { W1: 2, W2: 1 } },
  'return.approve': {
    orderId: 'o1',
    returnType: 'RTO',
    items: [{ wsin: 'W1', sku: 'SKU-1', missingQuantity: 0, damageQuantity: 1, imageKey: 'uploads/p.jpg' }],
  },
  'inventory.inbound': { warehouseId: 'wh1', companyId: 'c1', wsin: 'W1', accepted: 10, rejected: 2 },
  'inventory.adjust': { warehouseId: 'wh1', companyId: 'c1', wsin: 'W1', delta: -3, remarks: 'damaged in storage' },
  'inventory.scanned': { warehouseId: 'wh1', companyId: 'c1', wsin: 'W1', quantity: 7 },
};

describe('commandArgs', () => {
  it('names the seven offline commands', () => {
    expect(COMMAND_NAMES).toEqual(['pack.scan', 'pack.weigh', 'pack.submit', 'return.approve', 'inventory.inbound', 'inventory.adjust', 'inventory.scanned']);
    expect(commandNameSchema.safeParse('pack.scan').success).toBe(true);
    expect(commandNameSchema.safeParse('pack.unknown').success).toBe(false);
  });

  it.each(COMMAND_NAMES)('accepts well-formed %s args', (name) => {
    expect(commandArgs[name].parse(valid[name])).toEqual(valid[name]);
  });

  it.each([
    ['pack.scan', { awb: '', orderId: 'o1', wsin: 'W1' }],
    ['pack.submit', { orderId: 'o1', awb: 'A', scanned: { W1: -1 } }],
    ['pack.weigh', { orderId: 'o1', awb: 'A', weightG: 0, packageCode: 'BOX-S' }],
    ['pack.weigh', { orderId: 'o1', awb: 'A', weightG: 500, lengthCm: 0.5 }],
    ['pack.scan', { awb: 'A', orderId: 'o1', wsin: 'W1', gs1: { gtin: '4006381333931' } }],
    ['return.approve', { orderId: 'o1', returnType: 'XTO', items: [{ wsin: 'W1', sku: 'S', missingQuantity: 0, damageQuantity: 0 }] }],
    ['return.approve', { orderId: 'o1', returnType: 'DTO', items: [] }],
    ['inventory.inbound', { warehouseId: 'wh1', companyId: 'c1', wsin: 'W1', accepted: 1.5, rejected: 0 }],
    ['inventory.adjust', { warehouseId: 'wh1', companyId: 'c1', wsin: 'W1', delta: 0, remarks: 'r' }],
    ['inventory.adjust', { warehouseId: 'wh1', companyId: 'c1', wsin: 'W1', delta: 2, remarks: '' }],
    ['inventory.scanned', { warehouseId: 'wh1', companyId: 'c1', quantity: 1 }],
  ] as const)('refuses malformed %s args %j', (name, args) => {
    expect(commandArgs[name].safeParse(args).success).toBe(false);
  });
});

describe('commandHandlers', () => {
  it('binds one handler per command and hands it parsed args', async () => {
    const store = new MemoryServerStore();
    const stockKey = (a: { warehouseId: string; wsin: string }) => `${a.warehouseId}/${a.wsin}`;
    const addStock = async (tx: MemoryServerTx, a: { warehouseId: string; companyId: string; wsin: string }, delta: number) => {
      const current = ((await tx.get('stock', stockKey(a))) as number | undefined) ?? 0;
      if (current + delta < 0) throw new CommandRejected('Not enough stock');
      await tx.put('stock', stockKey(a), current + delta, { companyId: a.companyId, version: await tx.nextVersion() });
    };
    const handlers = commandHandlers<MemoryServerTx, { userId: string }>({
      'pack.scan': async () => undefined,
      'pack.weigh': async () => undefined,
      'pack.submit': async () => undefined,
      'return.approve': async () => undefined,
      'inventory.inbound': (tx, a) => addStock(tx, a, a.accepted),
      'inventory.adjust': (tx, a) => addStock(tx, a, a.delta),
      'inventory.scanned': async () => undefined,
    });
    // @ts-expect-error a command without a handler does not compile
    commandHandlers<MemoryServerTx, unknown>({ 'pack.scan': async () => undefined });

    const createdAt = '2024-05-01T10:00:00.000Z';
    const { response } = await applyPush(
      store,
      {
        clientId: 'scanner-1',
        schemaVersion: SYNC_SCHEMA_VERSION,
        commands: [
          { seq: 1, name: 'inventory.inbound', args: valid['inventory.inbound'], createdAt },
          { seq: 2, name: 'inventory.adjust', args: { ...valid['inventory.adjust'], delta: -20 }, createdAt },
          { seq: 3, name: 'inventory.adjust', args: valid['inventory.adjust'], createdAt },
        ],
      },
      handlers,
      { userId: 'u1' },
    );
    expect(response.results).toEqual([
      { seq: 1, status: 'applied' },
      { seq: 2, status: 'rejected', reason: 'Not enough stock' },
      { seq: 3, status: 'applied' },
    ]);
    expect(await store.transaction((tx) => tx.get('stock', 'wh1/W1'))).toBe(7);
  });
});
