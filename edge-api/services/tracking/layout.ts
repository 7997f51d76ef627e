// The seller's tracking layout (part 1 §7 User service): read it (with a recent
// AWB to preview it on) and publish or reset it. The logo must be an upload of
// the company whose header says 400 x 200 or less.
import type { Db } from '../../../db/connect';
import type { FileStore } from '../../../db/files/store';
import { companyBrand, companyTrackingLayout, recentCompanyAwb, saveCompanyTrackingLayout, uploadOwner } from '../../../db/tracking/layout';
import { invalid, notFound } from '../../../domain/refusal';
import {
  imageDimensions,
  LOGO_DIMENSIONS,
  LOGO_REUPLOAD,
  logoFits,
  ONLY_IMAGES,
  readStoredLayout,
  sellerBrand,
  type saveTrackingLayoutSchema,
  type TrackingLayoutResponse,
  type TrackingLogo,
} from '../../../domain/tracking';
import type { z } from 'zod';
import { readUpload } from '../uploads';

export const LAYOUT_PUBLISHED = 'Tracking layout published';
export const LAYOUT_RESET = 'Tracking layout reset';
const COMPANY_NOT_FOUND = 'Company not found';

/** The company's layout (the default when none is saved) and a recent AWB of its own. */
export async function getTrackingLayout(db: Db, actor: { companyId: string | null }): Promise<TrackingLayoutResponse['responseBody']> {
  const company = await companyTrackingLayout(db, actor.companyId ?? '');
  if (!company) throw notFound(COMPANY_NOT_FOUND);
  const { companyName, profile } = await companyBrand(db, actor.companyId ?? '');
  return {
    trackingLayout: readStoredLayout(company.tracking_layout),
    isDefault: company.tracking_layout == null,
    sampleAwb: await recentCompanyAwb(db, actor.companyId ?? ''),
    seller: sellerBrand(companyName, profile),
  };
}

async function checkLogo(db: Db, files: FileStore, companyId: string, logo: TrackingLogo) {
  const refuse = (message: string) => invalid(message, [{ path: 'trackingLayout.hl', message }]);
  const row = await uploadOwner(db, logo.data);
  if (!row || row.purpose !== 'logo' || row.company_id !== companyId) throw refuse(LOGO_REUPLOAD);
  const bytes = await readUpload(files, logo.data);
  if (!bytes) throw refuse(LOGO_REUPLOAD);
  const dims = imageDimensions(bytes);
  if (!dims) throw refuse(ONLY_IMAGES);
  if (!logoFits(dims)) throw refuse(LOGO_DIMENSIONS);
}

/** Publishes the layout (null resets it to the default); answers what was done. */
export async function saveTrackingLayout(
  db: Db,
  files: FileStore,
  actor: { companyId: string | null },
  input: z.output<typeof saveTrackingLayoutSchema>,
): Promise<{ message: string }> {
  if (!actor.companyId) throw notFound(COMPANY_NOT_FOUND);
  const { trackingLayout } = input;
  if (trackingLayout?.hl) await checkLogo(db, files, actor.companyId, trackingLayout.hl);
  await saveCompanyTrackingLayout(db, actor.companyId, trackingLayout ? JSON.stringify(trackingLayout) : null);
  return { message: trackingLayout ? LAYOUT_PUBLISHED : LAYOUT_RESET };
}
