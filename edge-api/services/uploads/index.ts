/** Stored uploads: their keys, and reading one back (logos and signatures in documents). */
import type { FileStore } from '../../../db/files/store';

/** The key of a stored upload: purpose, id and extension. */
export const KEY_RE = /^(logo|product|proof|signature)-[0-9a-f-]{36}\.(jpg|png|webp)$/;

/** Where an upload is kept in the file store. */
export const uploadFileKey = (key: string) => `uploads/${key}`;

/** Reads a stored upload (for documents: logos and signatures in invoices). */
export async function readUpload(files: FileStore, key: string | null | undefined): Promise<Buffer | null> {
  if (!key || !KEY_RE.test(key)) return null;
  return files.read(uploadFileKey(key));
}
