// Ekart Logistics (demo partner): rate card and zone table in the database.
import { tableCarrier } from './table-carrier';

export const ekart = tableCarrier({ code: 'ekart', name: 'Ekart Logistics', awbPrefix: 'EK', awbDigits: 11, routingCode: (awb) => `EK/${awb.slice(-3)}` });
