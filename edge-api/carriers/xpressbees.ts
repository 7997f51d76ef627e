// Xpressbees (demo partner): rate card and zone table in the database.
import { tableCarrier } from './table-carrier';

export const xpressbees = tableCarrier({ code: 'xpressbees', name: 'Xpressbees', awbPrefix: 'XB', awbDigits: 11, routingCode: (awb) => `XB/${awb.slice(-3)}` });
