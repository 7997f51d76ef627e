// The live couriers a company can connect (connections of kind 'delhivery' or
// 'shiprocket'), each a `Carrier` built from the company's connection.
import type { Logger } from 'pino';
import type { DbHandle } from '../../../db/connect';
import type { AppConfig } from '../../env';
import { openConnection, type ConnectionKind, type OpenConnection } from '../../integrations/connections';
import type { Carrier } from '../types';
import type { LiveCarrierContext } from './context';
import { delhiveryApi, DELHIVERY_KIND } from './delhivery';
import { shiprocketApi, SHIPROCKET_KIND } from './shiprocket';

type Factory = (conn: OpenConnection<never, never>, ctx: LiveCarrierContext) => Carrier;

const FACTORIES: Record<string, Factory> = {
  delhivery: delhiveryApi as Factory,
  shiprocket: shiprocketApi as Factory,
};

export const COURIER_KINDS: Record<string, ConnectionKind> = {
  delhivery: DELHIVERY_KIND as ConnectionKind,
  shiprocket: SHIPROCKET_KIND as ConnectionKind,
};

/** How long we wait for a courier's booking answer before the attempt is looked up instead. */
export const BOOK_TIMEOUT_MS = 10_000;

/**
 * The courier behind a company's live connection, or null when it is gone or paused. `quote`: for the courier choice
 * while the seller waits (each call tried once, within `timeoutMs`).
 */
export async function liveCarrierOf(
  dbh: DbHandle, config: AppConfig, log: Logger, connectionId: string, timeoutMs = BOOK_TIMEOUT_MS, opts: { quote?: boolean } = {},
): Promise<Carrier | null> {
  const conn = await openConnection<never, never>(dbh, config, connectionId);
  if (!conn || conn.status !== 'active' || !Object.hasOwn(FACTORIES, conn.kind)) return null;
  return FACTORIES[conn.kind]!(conn, { log, timeoutMs, quote: opts.quote });
}
