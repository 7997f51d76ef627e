/**
 * The demo logins' password hashes at today's parameters, worked out once
 * (`db/demo-password-hashes.test.ts` checks each against DEMO_LOGINS): the demo
 * passwords are printed for everyone anyway, and hashing five of them at OWASP's
 * cost for every seeded test database would take seconds each time. A login
 * missing here is hashed when seeded.
 */
export const DEMO_PASSWORD_HASHES: Readonly<Record<string, string>> = {
  'admin@shipdesk.in': 'scrypt$32768$8$3$dY0Xi3LH2HvcfCTqaQqPRQ==$ICxVQcVrdcO4NoQSg2mnRbmLUjqOzLzsTCuUm+XfDK4=',
  'seller@shipdesk.in': 'scrypt$32768$8$3$Y5rEI5anvpLsyYDW8oREEw==$wadgOGceP+NEZfzA7hjxALdzjhr1QEFUnZdmAzBESME=',
  'warehouse@shipdesk.in': 'scrypt$32768$8$3$3FAg6vVfN/FxUUWNYKFjcA==$3w4N6ccxWOknS627se0kH0BqCgT8fn9C1/9ipUyJP2s=',
  'd2r@shipdesk.in': 'scrypt$32768$8$3$5QKv+SUoxYK3LBQU4AfcSw==$4LAUS8EvvvvDmCOT8ecXnGnSNesvUZrCFzcPh+A4L4U=',
  'finance@shipdesk.in': 'scrypt$32768$8$3$21zcUcFgqraazRAIch4Xrw==$BKsPx6MIwgYCPufoIvPwO43O5uUXpC+MT5Ma7bEskxk=',
};
