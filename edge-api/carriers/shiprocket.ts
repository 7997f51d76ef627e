// Shiprocket's rate table (carrier_rate_cards / carrier_zones): what answers for
// a company's live Shiprocket account when Shiprocket's own serviceability
// answer does not come. Not a demo courier: Shiprocket is offered only to a
// company connected to it (edge-api/carriers/live/shiprocket.ts).
import { tableCarrier } from './table-carrier';

export const shiprocketTables = tableCarrier({ code: 'shiprocket', name: 'Shiprocket', awbPrefix: 'SR', awbDigits: 10, routingCode: (awb) => `SR/${awb.slice(-3)}` });
