// Every courier the app can book. Adding a carrier = one new file
// implementing `Carrier` (./types.ts) + one line here; its rates and zones
// (for table-driven couriers) live in carrier_rate_cards / carrier_zones.
import { bluedart } from './bluedart';
import { clickpost } from './clickpost';
import { delhivery } from './delhivery';
import { ekart } from './ekart';
import type { Carrier } from './types';
import { xpressbees } from './xpressbees';

const CARRIERS: readonly Carrier[] = [delhivery, bluedart, xpressbees, ekart, clickpost];
const byCode = new Map(CARRIERS.map((c) => [c.code, c]));

export const carrierFor = (code: string): Carrier | undefined => byCode.get(code);
/** Every table-driven (demo) courier. */
export const demoCarriers = (): readonly Carrier[] => CARRIERS;
export type { Carrier } from './types';
