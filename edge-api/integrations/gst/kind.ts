/** IRP credentials of one GSTIN: NIC's IRP (sandbox or production base URL) or the built-in demo sandbox. */
import { IRP_KIND, IRP_PRODUCTION_URL, irpSecrets, irpSettings } from '../../../domain/einvoice/connection';
import { defineKind } from '../connections';
import type { z } from 'zod';

export const irpKind = defineKind<z.infer<typeof irpSettings>, z.infer<typeof irpSecrets>>({
  kind: IRP_KIND,
  title: 'GST e-invoicing (IRP)',
  settings: irpSettings as never,
  secrets: irpSecrets,
  defaultBaseUrl: () => IRP_PRODUCTION_URL,
});
