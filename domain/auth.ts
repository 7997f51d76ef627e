import { z } from 'zod';
import { requiredMsg, selectMsg } from './messages';
import { APP_TYPES } from './roles';

export const appTypeSchema = z.enum(Object.keys(APP_TYPES) as [keyof typeof APP_TYPES, ...(keyof typeof APP_TYPES)[]], {
  error: selectMsg('App'),
});

/** Step 1 of sign-in: credentials (+ OAuth-style state) → xsrfToken and a one-time oauthCode. */
export const authenticateSchema = z.object({
  email: z.string({ error: requiredMsg('Email') }).trim().min(1, requiredMsg('Email')).toLowerCase(),
  password: z.string({ error: requiredMsg('Password') }).min(1, requiredMsg('Password')),
  appType: appTypeSchema.default('seller'),
  state: z.string().max(200).optional(),
  clientId: z.string().max(200).optional(),
  redirectUrl: z.string().max(500).optional(),
});

/** Step 2: exchange the oauthCode for the session cookie. */
export const loginSchema = z.object({ oauthCode: z.string().min(1).max(200) });

export const selectCompaniesSchema = z.object({
  companyIds: z.array(z.string().min(1)).min(1, selectMsg('Company')),
});

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const WRONG_APP_TYPE = 'This account cannot sign in to this app';
export const TOO_MANY_ATTEMPTS = 'Too many failed attempts. Please try again later.';
