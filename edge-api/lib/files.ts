/**
 * The one file store of a running app (uploads, export files): in the database when it is PostgreSQL
 * (every process on every machine sees every file), on the local disk under DATA_DIR with SQLite.
 * FILE_STORE=disk|database overrides the choice.
 */
import type { DbHandle } from '../../db/connect';
import { DbFileStore, DiskFileStore, type FileStore } from '../../db/files/store';
import type { AppConfig } from '../env';

/** The folders of the store: uploads (`uploadFileKey`) and export files (`exportFileKey`). */
export const FILE_FOLDERS = ['uploads', 'exports'];

const stores = new WeakMap<DbHandle, Map<string, FileStore>>();

export function filesOf(dbh: DbHandle, config: Pick<AppConfig, 'dataDir' | 'fileStore'>): FileStore {
  const kind = config.fileStore ?? (dbh.dialect === 'postgres' ? 'database' : 'disk');
  const id = `${kind}|${config.dataDir}`;
  let byKind = stores.get(dbh);
  if (!byKind) stores.set(dbh, (byKind = new Map()));
  let store = byKind.get(id);
  if (!store) byKind.set(id, (store = kind === 'database' ? new DbFileStore(dbh.db) : new DiskFileStore(config.dataDir)));
  return store;
}
