// Server handlers of the floor's offline commands. Each runs in the push's
// transaction for that command; a business refusal becomes a rejected
// command whose reason the device shows, anything else is a transient fault.
// The online routes run the same writes through runOnline (./context).
import type { FloorTx } from '../../../db/floor/context';
import { Refusal } from '../../../domain/refusal';
import { adjust, inbound, setScanned } from '../../../db/floor/inventory';
import { recordScan, recordScans, recordWeight, submitPack } from '../../../db/floor/packing';
import { approveReturn } from '../../../db/floor/returns';
import { CommandRejected, commandHandlers, type CommandMeta } from '../../../sync/server/apply';
import type { Database } from '../../../db/schema';
import type { KyselyServerTx } from '../../../sync/server/kysely-store';
import { floorTx, type FloorCtx } from './context';

function handler<A>(write: (tx: FloorTx, args: A) => Promise<void>) {
  return async (tx: KyselyServerTx<Database>, args: A, ctx: FloorCtx, meta: CommandMeta) => {
    try {
      await write(floorTx(tx, ctx, meta.clientId), args);
    } catch (error) {
      if (error instanceof Refusal) throw new CommandRejected(error.message);
      throw error;
    }
  };
}

/** A set-based handler: a run of one device's commands of one name in one go (a refusal comes back as a Refusal). */
function runHandler<A>(write: (tx: FloorTx, args: readonly A[]) => Promise<(Error | null)[]>) {
  return async (tx: KyselyServerTx<Database>, commands: readonly { args: A; meta: CommandMeta }[], ctx: FloorCtx) =>
    write(floorTx(tx, ctx, commands[0].meta.clientId), commands.map((c) => c.args));
}

export const floorHandlers = commandHandlers<KyselyServerTx<Database>, FloorCtx>({
  'pack.scan': handler(recordScan),
  'pack.submit': handler(submitPack),
  'pack.weigh': handler(recordWeight),
  'return.approve': handler(approveReturn),
  'inventory.inbound': handler(inbound),
  'inventory.adjust': handler(adjust),
  'inventory.scanned': handler(setScanned),
}, {
  // A packer's scans arrive by the hundred: one read and one write for the whole run.
  'pack.scan': runHandler(recordScans),
});
