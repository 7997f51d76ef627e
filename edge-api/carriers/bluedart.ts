// Blue Dart (demo partner): rate card and zone table in the database.
import { tableCarrier } from './table-carrier';

export const bluedart = tableCarrier({ code: 'bluedart', name: 'Blue Dart', awbPrefix: 'BD', awbDigits: 11, routingCode: (awb) => `BD/${awb.slice(-3)}` });
