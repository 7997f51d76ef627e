import { describe, expect, it } from 'vitest';
import {
  companySignupSchema, EMAIL_INVALID, GST_INVALID, PAN_INVALID, PASSWORD_LENGTH, PASSWORD_MISMATCH, PASSWORD_STRENGTH,
  PHONE_INVALID, PINCODE_INVALID, WEBSITE_INVALID, warehouseSignupSchema,
} from './profile';
import { authenticateSchema } from './auth';

const company = {
  name: 'Chai Point Retail Pvt Ltd', email: 'ops@chaipoint.in', phone: '9876543210', pan: 'ABCDE1234F', gst: '29ABCDE1234F1Z5',
  website: 'www.chaipoint.in', poc: 'Ritika Sharma', pocPhone: '9123456789',
  address: { line1: '12 MG Road', line2: 'Ashok Nagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
  password: 'Chai@2026', confirmPassword: 'Chai@2026',
};
const warehouse = {
  name: 'Bhiwandi FC', email: 'bhw@shipdesk.in', phone: '9876500000', pan: 'ABCDE1234F', gst: '27ABCDE1234F1Z5', website: 'shipdesk.in',
  address: { line1: 'Plot 4', line2: 'Logistics Park', landmark: 'Near Toll Naka', city: 'Bhiwandi', state: 'Maharashtra', pincode: '421302', country: 'India' },
  password: 'Store#2026', confirmPassword: 'Store#2026',
};

const messages = (schema: typeof companySignupSchema | typeof warehouseSignupSchema, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('signup and profile validation (part 1 §5)', () => {
  it('accepts a complete company and a complete warehouse', () => {
    expect(companySignupSchema.safeParse(company).success).toBe(true);
    expect(warehouseSignupSchema.safeParse(warehouse).success).toBe(true);
  });

  it.each([
    ['name', 'Please enter your Company Name!'],
    ['email', 'Please enter your Email!'],
    ['phone', 'Please enter your Phone!'],
    ['pan', 'Please enter your PAN!'],
    ['gst', 'Please enter your GST!'],
    ['website', 'Please enter your Website!'],
    ['poc', 'Please enter your PoC!'],
    ['pocPhone', 'Please enter your PoC Phone!'],
  ])('company %s is required: %s', (field, msg) => {
    expect(messages(companySignupSchema, { ...company, [field]: '' })[field]).toBe(msg);
  });

  it.each([
    ['line1', 'Please enter your Address Line 1!'],
    ['line2', 'Please enter your Address Line 2!'],
    ['city', 'Please enter your City!'],
    ['state', 'Please select your State!'],
    ['pincode', 'Please enter your Pincode!'],
  ])('address %s is required: %s', (field, msg) => {
    expect(messages(companySignupSchema, { ...company, address: { ...company.address, [field]: '' } })[`address.${field}`]).toBe(msg);
  });

  it("a warehouse's name is asked for under its own label", () => {
    expect(messages(warehouseSignupSchema, { ...warehouse, name: '' }).name).toBe('Please enter your Warehouse Name!');
  });

  it('landmark and country are required for a warehouse only', () => {
    const m = messages(warehouseSignupSchema, { ...warehouse, address: { ...warehouse.address, landmark: '', country: '' } });
    expect(m['address.landmark']).toBe('Please enter your Landmark!');
    expect(m['address.country']).toBe('Please enter your Country!');
    expect(companySignupSchema.safeParse({ ...company, address: { ...company.address } }).success).toBe(true);
  });

  it('PoC is not asked of a warehouse', () => {
    expect(warehouseSignupSchema.safeParse(warehouse).success).toBe(true);
  });

  it.each([
    ['012345678', PHONE_INVALID],
    ['0123456789', PHONE_INVALID],
    ['98765432101', PHONE_INVALID],
    ['98765abcde', PHONE_INVALID],
  ])('phone %s is refused: exactly 10 digits, first 1 to 9', (phone, msg) => {
    expect(messages(companySignupSchema, { ...company, phone }).phone).toBe(msg);
  });

  it('email must be valid', () => {
    expect(messages(companySignupSchema, { ...company, email: 'ops@chaipoint' }).email).toBe(EMAIL_INVALID);
  });

  it('PAN is exactly 10 characters and GST exactly 15', () => {
    expect(messages(companySignupSchema, { ...company, pan: 'ABCDE1234' }).pan).toBe(PAN_INVALID);
    expect(messages(companySignupSchema, { ...company, pan: 'ABCDE1234FG' }).pan).toBe(PAN_INVALID);
    expect(messages(companySignupSchema, { ...company, gst: '29ABCDE1234F1Z' }).gst).toBe(GST_INVALID);
  });

  it('website must look like a domain', () => {
    expect(messages(companySignupSchema, { ...company, website: 'not a site' }).website).toBe(WEBSITE_INVALID);
    expect(companySignupSchema.safeParse({ ...company, website: 'https://shop.example.co.in/in' }).success).toBe(true);
  });

  it('pincode is 6 digits', () => {
    expect(messages(companySignupSchema, { ...company, address: { ...company.address, pincode: '56001' } })['address.pincode']).toBe(PINCODE_INVALID);
  });

  it('password: required, 8 to 20 characters, with a special character and a digit', () => {
    expect(messages(companySignupSchema, { ...company, password: '', confirmPassword: '' }).password).toBe('Please enter your Password!');
    expect(messages(companySignupSchema, { ...company, password: 'Ab@1', confirmPassword: 'Ab@1' }).password).toBe(PASSWORD_LENGTH);
    expect(messages(companySignupSchema, { ...company, password: 'Abcdefgh@12345678901', confirmPassword: 'Abcdefgh@12345678901' }).password).toBe(undefined);
    expect(messages(companySignupSchema, { ...company, password: 'Abcdefgh@123456789012', confirmPassword: 'Abcdefgh@123456789012' }).password).toBe(PASSWORD_LENGTH);
    expect(messages(companySignupSchema, { ...company, password: 'Password12', confirmPassword: 'Password12' }).password).toBe(PASSWORD_STRENGTH);
    expect(messages(companySignupSchema, { ...company, password: 'Password@', confirmPassword: 'Password@' }).password).toBe(PASSWORD_STRENGTH);
  });

  it('confirm password must match', () => {
    expect(messages(companySignupSchema, { ...company, confirmPassword: 'Chai@2027' }).confirmPassword).toBe(PASSWORD_MISMATCH);
    expect(PASSWORD_MISMATCH).toBe('The two passwords that you entered do not match!');
  });
});

describe('sign-in input', () => {
  it('defaults the app type to seller and requires email and password', () => {
    expect(authenticateSchema.parse({ email: 'A@B.IN', password: 'x' })).toMatchObject({ appType: 'seller', email: 'a@b.in' });
    const r = authenticateSchema.safeParse({ email: '', password: '' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual(['Please enter your Email!', 'Please enter your Password!']);
    expect(authenticateSchema.safeParse({ email: 'a@b.in', password: 'x', appType: 'driver' }).success).toBe(false);
  });
});
