// Presigned uploads (CONVENTIONS "Uploads"): hand out a signed PUT address,
// store the bytes it receives, and read a stored file back for a viewer.
import type { DbHandle } from '../../../db/connect';
import { putFile, type FileStore } from '../../../db/files/store';
import { findUpload, insertUpload, uploadExists } from '../../../db/uploads/queries';
import { nowIso, uuidv7 } from '../../../domain/ids';
import { notFound, invalid } from '../../../domain/refusal';
import { ONLY_IMAGES, type PresignInput, type PresignResponse, type UploadedResponse } from '../../../domain/uploads';
import { sign, verify } from '../../lib/signing';
import { uploadFileKey } from './index';

const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
/**
 * Public purposes can be read by anyone with the link: brand logos, shown on the public tracking page.
 * Every other file (signatures, proof photos, product images) only by the owning company's session
 * (its seller, the warehouse users it is linked to, an admin) or through a short-lived signed link.
 */
const PUBLIC = new Set(['logo']);
/** How long a signed link to a private file works. */
export const FILE_LINK_TTL_MS = 15 * 60_000;
const filePayload = (key: string) => `file|${key}`;

/**
 * A link to a private file for someone without a session (a mail, a partner fetching it): it opens that one
 * file only, until `expiresAtMs` (FILE_LINK_TTL_MS from now unless said), and not once changed.
 */
export function signedFileLink(signingKey: string, key: string, now = Date.now(), expiresAtMs = now + FILE_LINK_TTL_MS): string {
  const { exp, sig } = sign(signingKey, filePayload(key), expiresAtMs);
  return `/api/files/${key}?${new URLSearchParams({ exp: String(exp), sig })}`;
}

/** Who asks for an upload address: their own company and the companies they may touch (null = all). */
export type UploadActor = { companyId: string | null; scope: readonly string[] | null };

/** The signed address the client PUTs the bytes to, valid 15 minutes. */
export function presignUpload(
  signingKey: string,
  actor: UploadActor,
  input: Pick<PresignInput, 'purpose' | 'contentType' | 'companyId'>,
): PresignResponse {
  const companyId = input.companyId ?? actor.companyId ?? actor.scope?.[0] ?? '';
  if (companyId && actor.scope && !actor.scope.includes(companyId)) throw notFound('Company not found');
  const key = `${input.purpose}-${uuidv7()}.${EXT[input.contentType]}`;
  const { exp, sig } = sign(signingKey, `${key}|${input.contentType}|${companyId}`, Date.now() + 15 * 60_000);
  const qs = new URLSearchParams({ ct: input.contentType, cid: companyId, exp: String(exp), sig });
  return { status: true, key, uploadUrl: `/api/uploads/${key}?${qs}`, url: `/api/files/${key}`, method: 'PUT' };
}

/** Stores the bytes PUT to a signed address (the route checked the signature and size). A retried PUT is harmless. */
export async function receiveUpload(
  dbh: DbHandle,
  files: FileStore,
  input: { key: string; contentType: string; companyId: string; bytes: Buffer },
): Promise<UploadedResponse> {
  const { key, bytes } = input;
  if (!looksLikeImage(bytes, input.contentType)) throw invalid(ONLY_IMAGES);
  if (await uploadExists(dbh.db, key)) return { status: true, key, url: `/api/files/${key}` };
  await putFile(files, uploadFileKey(key), bytes);
  await insertUpload(dbh.db, {
    id: uuidv7(), key, company_id: input.companyId || null, purpose: key.split('-')[0], content_type: input.contentType, size: bytes.length, created_at: nowIso(),
  });
  return { status: true, key, url: `/api/files/${key}` };
}

/**
 * A stored file for a viewer. A private one asks `viewerScope` (which refuses
 * a caller without a session) and is another tenant's 404.
 */
/**
 * A stored file for a viewer: a public one for anyone; a private one with a valid signed link
 * (`link`: its exp and sig), else only within the viewer's company scope (`viewerScope` asks for
 * the session: signed out is 401, another company's file 404).
 */
export async function readStoredFile(
  dbh: DbHandle,
  files: FileStore,
  key: string,
  viewerScope: () => readonly string[] | null,
  link?: { signingKey: string; exp?: number; sig?: string },
) {
  const row = await findUpload(dbh.db, key);
  if (!row) throw notFound();
  const isPublic = PUBLIC.has(row.purpose);
  const signed = link?.exp !== undefined && link.sig !== undefined && verify(link.signingKey, filePayload(key), link.exp, link.sig);
  if (!isPublic && !signed) {
    const scope = viewerScope();
    if (row.company_id && scope !== null && !scope.includes(row.company_id)) throw notFound();
  }
  const file = await files.get(uploadFileKey(key));
  if (!file) throw notFound();
  return { contentType: row.content_type, isPublic, size: file.size, body: file.body };
}

/** Magic bytes, so a renamed file is not taken for an image. */
function looksLikeImage(b: Buffer, ct: string) {
  if (ct === 'image/png') return b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (ct === 'image/jpeg') return b[0] === 0xff && b[1] === 0xd8;
  if (ct === 'image/webp') return b.subarray(0, 4).toString() === 'RIFF' && b.subarray(8, 12).toString() === 'WEBP';
  return false;
}
