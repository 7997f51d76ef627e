/** Where presigned uploads live on disk, and reading them back (logos and signatures in documents). */
import fs from 'node:fs';
import path from 'node:path';

/** The key of a stored upload: purpose, id and extension. */
export const KEY_RE = /^(logo|product|proof|signature)-[0-9a-f-]{36}\.(jpg|png|webp)$/;

export const uploadsDir = (dataDir: string) => path.resolve(dataDir, 'uploads');

/** Reads a stored upload (for documents: logos and signatures in invoices). */
export function readUpload(dataDir: string, key: string): Buffer | null {
  if (!KEY_RE.test(key)) return null;
  const file = path.join(uploadsDir(dataDir), key);
  return fs.existsSync(file) ? fs.readFileSync(file) : null;
}
