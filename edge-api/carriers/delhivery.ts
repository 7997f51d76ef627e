// Delhivery (demo partner): rate card and zone table in the database.
import { tableCarrier } from './table-carrier';

export const delhivery = tableCarrier({ code: 'delhivery', name: 'Delhivery', awbPrefix: 'DL', awbDigits: 11, routingCode: (awb) => `DL/${awb.slice(-3)}` });
