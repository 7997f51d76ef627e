import { useSession } from '../auth/useSession';
import { floorSyncFor, type FloorSync } from './engine';

/** The signed-in user's local stores and sync engine (usable offline, before any sync). */
export function useFloorSync(): FloorSync {
  return floorSyncFor(useSession());
}
