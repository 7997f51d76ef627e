/**
 * Which e-way bill system answers for a GSTIN (docs/integrations/gst.md): the company's gst-ewb
 * connection (NIC's e-way bill system, or the built-in demo), or the demo when the GSTIN's IRP connection
 * is the demo; and what it answered, as the seller reads it.
 */
import type { DbHandle } from '../../../db/connect';
import { irpConnectionFor } from '../../../db/einvoice/queries';
import { IRP_KIND } from '../../../domain/einvoice/connection';
import { EWB_KIND } from '../../../domain/einvoice/ewb';
import { conflict, invalid } from '../../../domain/refusal';
import type { AppConfig } from '../../env';
import { openConnection } from '../connections';
import { PartnerError } from '../http';
import { demoEwb } from './demo-ewb';
import { DEMO_REFUSED_IN_PRODUCTION } from './demo-irp';
import { httpEwb, type Ewb, type EwbConn, type EwbOptions } from './ewb';
import { IrpRefusal } from './irp-refusal';

/** Options the routes pass to the e-way bill client (a test shortens the time limit). */
export const ewbClientOptions: EwbOptions = {};

/** The e-way bill system a connection speaks to: NIC's at its base URL, or the built-in demo sandbox (refused in production). */
export function ewbFor(conn: EwbConn, config: AppConfig, opts: EwbOptions = {}): Ewb {
  if (conn.demo || conn.settings.mode === 'demo') return demoEwb({ gstin: conn.settings.gstin, production: config.production });
  if (!conn.secrets.clientSecret || !conn.secrets.password) throw invalid('The e-way bill system client secret and password are not set for this GSTIN');
  return httpEwb(conn, { ...ewbClientOptions, ...opts });
}

/**
 * The e-way bill system for a GSTIN: the company's gst-ewb connection, or, for a GSTIN whose IRP connection
 * is the demo sandbox, the demo e-way bill sandbox.
 */
export async function ewbClientFor(dbh: DbHandle, config: AppConfig, companyId: string, gstin: string): Promise<{ ewb: Ewb; connectionId: string | null }> {
  const row = await irpConnectionFor(dbh.db, companyId, EWB_KIND, gstin);
  if (row) {
    const conn = (await openConnection<EwbConn['settings'], EwbConn['secrets']>(dbh, config, row.id))!;
    return { ewb: ewbFor(conn, config), connectionId: conn.id };
  }
  const irp = await irpConnectionFor(dbh.db, companyId, IRP_KIND, gstin);
  if (irp && (irp.demo === 1 || (JSON.parse(irp.settings) as { mode?: string }).mode === 'demo')) {
    if (config.production) throw invalid(DEMO_REFUSED_IN_PRODUCTION);
    return { ewb: demoEwb({ gstin, production: false }), connectionId: null };
  }
  throw invalid(`No e-way bill system credentials for GSTIN ${gstin}: add them in Settings > GST`);
}

/** What the e-way bill system answered, as the seller reads it: its refusal, or that it is not answering. */
export async function asked<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof IrpRefusal) throw invalid(err.message);
    if (err instanceof PartnerError) {
      throw conflict(`The e-way bill system is not answering (${err.message.slice(0, 120)}). Nothing was changed here: try again in a few minutes`);
    }
    throw err;
  }
}

