import { z } from 'zod';
import { requiredMsg, selectMsg } from './messages';
import { APP_TYPES } from './roles';

export const appTypeSchema = z.enum(Object.keys(APP_TYPES) as [keyof typeof APP_TYPES, ...(keyof typeof APP_TYPES)[]], {
  error: selectMsg('App'),
});

/** RFC 5321's longest path, and a password length no one types but scrypt still hashes quickly. */
export const MAX_EMAIL = 254;
export const MAX_PASSWORD = 256;

export const INVALID_CREDENTIALS = 'Invalid email or password';

/** Step 1 of sign-in: credentials (+ OAuth-style state) → xsrfToken and a one-time oauthCode. */
export const authenticateSchema = z.object({
  email: z.string({ error: requiredMsg('Email') }).trim().min(1, requiredMsg('Email')).max(MAX_EMAIL, INVALID_CREDENTIALS).toLowerCase(),
  password: z.string({ error: requiredMsg('Password') }).min(1, requiredMsg('Password')).max(MAX_PASSWORD, INVALID_CREDENTIALS),
  appType: appTypeSchema.default('seller'),
  state: z.string().max(200).optional(),
  clientId: z.string().max(200).optional(),
  redirectUrl: z.string().max(500).optional(),
});

/** Step 2: exchange the oauthCode for the session cookie. */
export const loginSchema = z.object({ oauthCode: z.string().min(1).max(200) });

export const selectCompaniesSchema = z.object({
  companyIds: z.array(z.string().min(1).max(64)).min(1, selectMsg('Company')).max(500),
});

export const WRONG_APP_TYPE = 'This account cannot sign in to this app';
export const TOO_MANY_ATTEMPTS = 'Too many failed attempts. Please try again later.';
export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a minute and try again.';
export const SIGN_IN_BUSY = 'Too many people are signing in right now. Please try again in a few seconds.';
export const SIGN_IN_EXPIRED = 'Sign-in link expired. Please sign in again.';
