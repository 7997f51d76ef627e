// Every courier the app can book. Adding a carrier = one new file
// implementing `Carrier` (./types.ts) + one line here; its rates and zones
// (for table-driven couriers) live in carrier_rate_cards / carrier_zones.
import { bluedart } from './bluedart';
import { clickpost } from './clickpost';
import { delhivery } from './delhivery';
import { ekart } from './ekart';
import { shiprocketTables } from './shiprocket';
import type { Carrier } from './types';
import { xpressbees } from './xpressbees';

const CARRIERS: readonly Carrier[] = [delhivery, bluedart, xpressbees, ekart, clickpost];
const byCode = new Map(CARRIERS.map((c) => [c.code, c]));

export const carrierFor = (code: string): Carrier | undefined => byCode.get(code);
/** Couriers offered only to a company with a live account there: their rate tables, answering when the courier does not. */
const LIVE_ONLY = new Map<string, Carrier>([[shiprocketTables.code, shiprocketTables]]);
export const liveOnlyTablesFor = (code: string): Carrier | undefined => LIVE_ONLY.get(code);
/** Every table-driven (demo) courier. */
export const demoCarriers = (): readonly Carrier[] => CARRIERS;
export type { Carrier } from './types';
