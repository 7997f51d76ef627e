// The manifest being built: orders put on it one by one as they are shipped (from the ship dialog or the
// order panel), printed together as one shipping manifest for the courier's pickup. Kept on this device
// per user (local storage), so it survives a reload and is shared by the user's tabs.
import { useLocalStorage } from '@mantine/hooks';
import { useSession } from '../../auth/useSession';

export type ManifestEntry = { id: string; shopOrderId: string; shipper: string | null };
/** More than a day's pickups of one seller; older entries drop off the front. */
export const MANIFEST_TRAY_MAX = 500;

export type ManifestTray = {
  entries: ManifestEntry[];
  has: (orderId: string) => boolean;
  add: (entry: ManifestEntry) => void;
  remove: (orderId: string) => void;
  clear: () => void;
};

export function useManifestTray(): ManifestTray {
  const session = useSession();
  const [entries, setEntries] = useLocalStorage<ManifestEntry[]>({
    key: `shipdesk.manifest.${session.user.id}`,
    defaultValue: [],
    getInitialValueInEffect: false,
  });
  const list = Array.isArray(entries) ? entries : [];
  return {
    entries: list,
    has: (id) => list.some((e) => e.id === id),
    add: (entry) => setEntries((cur) => [...(cur ?? []).filter((e) => e.id !== entry.id), entry].slice(-MANIFEST_TRAY_MAX)),
    remove: (id) => setEntries((cur) => (cur ?? []).filter((e) => e.id !== id)),
    clear: () => setEntries([]),
  };
}
