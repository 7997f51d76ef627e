/**
 * Every partner kind a company can connect, by name. Each partner's folder
 * exports its kind; add it here (one line) to make it connectable.
 */
import { COURIER_KINDS } from '../carriers/live/registry';
import type { ConnectionKinds } from './connections';

export const CONNECTION_KINDS: ConnectionKinds = { ...COURIER_KINDS };
