// Clickpost (demo partner): rate card and zone table in the database.
import { tableCarrier } from './table-carrier';

export const clickpost = tableCarrier({ code: 'clickpost', name: 'Clickpost', awbPrefix: 'CP', awbDigits: 11, routingCode: (awb) => `CP/${awb.slice(-3)}` });
