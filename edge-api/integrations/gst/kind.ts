/** IRP credentials of one GSTIN: NIC's IRP (sandbox or production base URL) or the built-in demo sandbox. */
import { IRP_KIND, IRP_PRODUCTION_URL, irpSecrets, irpSettings } from '../../../domain/einvoice/connection';
import { EWB_KIND, EWB_PRODUCTION_URL, ewbSecrets, ewbSettings } from '../../../domain/einvoice/ewb';
import { defineKind } from '../connections';
import type { z } from 'zod';

export const irpKind = defineKind<z.infer<typeof irpSettings>, z.infer<typeof irpSecrets>>({
  kind: IRP_KIND,
  title: 'GST e-invoicing (IRP)',
  settings: irpSettings as never,
  secrets: irpSecrets,
  defaultBaseUrl: () => IRP_PRODUCTION_URL,
});

/** E-way bill system credentials of one GSTIN: NIC's e-way bill system (sandbox or production base URL) or the built-in demo sandbox. */
export const ewbKind = defineKind<z.infer<typeof ewbSettings>, z.infer<typeof ewbSecrets>>({
  kind: EWB_KIND,
  title: 'GST e-way bills (e-way bill system)',
  settings: ewbSettings as never,
  secrets: ewbSecrets,
  defaultBaseUrl: () => EWB_PRODUCTION_URL,
});
