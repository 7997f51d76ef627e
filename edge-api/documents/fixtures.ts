/** Realistic sample inputs for the document tests and the documents benchmark. */
import bwipjs from 'bwip-js/node';
import type { DocAddress, DocInvoice, DocInvoiceProfile, DocItem, DocOrder } from './types';

export const WAREHOUSE_ADDRESS: DocAddress = {
  name: 'Acme Fulfilment - Bhiwandi WH',
  phone: '9876500001',
  lines: ['Gala 14, Building B2, Rajlaxmi Complex', 'Kalher, Bhiwandi'],
  city: 'Thane',
  state: 'Maharashtra',
  pincode: '421302',
};

const CUSTOMERS: DocAddress[] = [
  { name: 'Priya Sharma', phone: '9812345678', lines: ['Flat 302, Sai Residency', '14th Cross, Indiranagar'], city: 'Bengaluru', state: 'Karnataka', pincode: '560038' },
  { name: 'Rahul Deshmukh', phone: '9922001122', lines: ['B-12, Shivaji Park', 'Dadar West'], city: 'Mumbai', state: 'Maharashtra', pincode: '400028' },
  { name: 'Harpreet Kaur', phone: '9815098150', lines: ['House 1123, Sector 21-B'], city: 'Chandigarh', state: 'Chandigarh', pincode: '160022' },
  { name: 'Anil Kumar', phone: '9711997119', lines: ['C-4/77, Safdarjung Development Area'], city: 'New Delhi', state: 'Delhi', pincode: '110016' },
];

export const ITEMS: DocItem[] = [
  { title: 'Cotton Kurta - Indigo, M', sku: 'KUR-IND-M', hsn: '6206', quantity: 2, unitPricePaise: 89_900, gst: { cgst: 2.5, sgst: 2.5, igst: 5, utgst: null, cess: null }, wsin: 'WS000123', location: 'A-01-03' },
  { title: 'Steel Water Bottle 1L, "Everyday", red', sku: 'BTL-1L-RED', hsn: '7323', quantity: 1, unitPricePaise: 64_900, gst: { cgst: 9, sgst: 9, igst: 18, utgst: 9, cess: 0 }, wsin: 'WS000456', location: 'B-02-11' },
  { title: 'Bluetooth Earbuds', sku: 'EAR-BT-01', hsn: '8518', quantity: 1, unitPricePaise: 1_49_900, gst: { cgst: 9, sgst: 9, igst: 18, utgst: 9, cess: 0 }, wsin: 'WS000789', location: 'C-10-01' },
];

export function sampleOrder(i: number, overrides: Partial<DocOrder> = {}): DocOrder {
  const items = i % 3 === 0 ? [ITEMS[0], ITEMS[1]] : i % 3 === 1 ? [ITEMS[2]] : [ITEMS[1]];
  const itemsTotal = items.reduce((sum, item) => sum + item.unitPricePaise * item.quantity, 0);
  const shipping = i % 4 === 0 ? 4_900 : 0;
  const cod = i % 2 === 0;
  const total = itemsTotal + shipping;
  return {
    id: `0192f0c4-7a3b-7c1e-9d2a-${String(i).padStart(12, '0')}`,
    shopOrderId: `#${1001 + i}`,
    awb: `77${String(1_000_000_000 + i)}`,
    courierName: i % 2 === 0 ? 'Delhivery Surface' : 'Blue Dart Air',
    paymentMode: cod ? 'cod' : 'prepaid',
    status: 'READY_TO_SHIP',
    createdAt: '2025-01-05T09:30:00.000Z',
    codPaise: cod ? total : 0,
    totalPaise: total,
    shippingPaise: shipping,
    weightGrams: 750,
    dimensionsCm: { length: 30, breadth: 20, height: 10 },
    shipTo: CUSTOMERS[i % CUSTOMERS.length],
    returnAddress: WAREHOUSE_ADDRESS,
    items,
    ...overrides,
  };
}

/** A small real PNG (a QR code) standing in for an uploaded logo or signature. */
export async function sampleImage(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'qrcode', text, scale: 2 });
}

export async function sampleProfile(): Promise<DocInvoiceProfile> {
  return {
    registeredName: 'Acme Retail Private Limited',
    brandName: 'Acme Basics',
    address: { line1: 'Unit 7, Marol Industrial Estate', line2: 'Andheri East', city: 'Mumbai', state: 'Maharashtra', pincode: '400059' },
    gstin: '27AABCA1234C1Z5',
    logo: await sampleImage('logo'),
    signature: await sampleImage('signature'),
  };
}

export function sampleInvoice(order: DocOrder, profile: DocInvoiceProfile, overrides: Partial<DocInvoice> = {}): DocInvoice {
  return {
    order,
    profile,
    invoiceNumber: `BWD/24-25/${String(order.shopOrderId).replace(/\D/g, '')}`,
    invoiceDate: '2025-01-05',
    buyerGstin: null,
    ...overrides,
  };
}
