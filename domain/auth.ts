import { z } from 'zod';
import { okBody, MessageResponse } from './api';
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

// ---- Responses of /api/auth (shared with the web client) ----

/** POST /api/auth/authenticate. */
export const AuthenticateResponse = okBody({ xsrfToken: z.string(), oauthCode: z.string(), state: z.string().nullable(), redirect_url: z.string().nullable() });
export type AuthenticateResponse = z.infer<typeof AuthenticateResponse>;

/** The signed-in user; `emailVerified`: whether files may be e-mailed to `email` (see domain/mail.ts). */
export const SessionUser = z.object({ id: z.string(), name: z.string(), email: z.string(), emailVerified: z.boolean() });
export type SessionUser = z.infer<typeof SessionUser>;

/**
 * The signed-in user's own profile: a seller's company or a warehouse user's
 * warehouse (the fields of its profile form), `kind: 'admin'` for admins, null
 * when the company or warehouse is gone.
 */
export const SessionProfile = z
  .union([
    z.object({ kind: z.literal('admin'), name: z.string(), email: z.string(), isD2R: z.boolean() }),
    z.looseObject({ kind: z.enum(['company', 'warehouse']), name: z.string(), email: z.string(), isD2R: z.boolean() }),
  ])
  .nullable();
export type SessionProfile = z.infer<typeof SessionProfile>;

/** The auth state of part 1 §3 after sign-in (GET /api/auth/session when signed in, `data` of POST /api/auth/login). */
export const SessionPayload = z.object({
  isLogined: z.literal(true),
  role: z.enum(['admin', 'seller', 'warehouse', 'finance']),
  xsrfToken: z.string(),
  user: SessionUser,
  profile: SessionProfile,
  companyData: z.array(z.object({ id: z.string(), name: z.string(), isD2R: z.boolean() })),
  selectedCompanyIds: z.array(z.string()),
  warehouseId: z.string().nullable(),
  companyId: z.string().nullable(),
});
export type SessionPayload = z.infer<typeof SessionPayload>;

/** GET /api/auth/session: the auth state, signed in or not. */
export const AuthStateResponse = z.union([SessionPayload, z.object({ isLogined: z.literal(false) })]);
export type AuthStateResponse = z.infer<typeof AuthStateResponse>;

/** POST /api/auth/login. */
export const LoginResponse = okBody({ code: z.string(), message: z.string(), data: SessionPayload });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** POST /api/auth/logout. */
export const LogoutResponse = MessageResponse;
export type LogoutResponse = z.infer<typeof LogoutResponse>;

/** POST /api/auth/signup/company and /signup/warehouse; `verificationEmail`: where the verification link was sent. */
export const SignupResponse = okBody({ code: z.string(), message: z.string(), verificationEmail: z.string() });
export type SignupResponse = z.infer<typeof SignupResponse>;

/** PUT /api/auth/selected-companies: the warehouse user's companies now selected. */
export const SelectedCompaniesResponse = okBody({ selectedCompanyIds: z.array(z.string()) });
export type SelectedCompaniesResponse = z.infer<typeof SelectedCompaniesResponse>;

// ---- E-mail verification (files are e-mailed only to verified addresses) ----

/** How long a verification link works. */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 3_600_000;
/** Links a user may ask for per hour, and the wait between two. */
export const EMAIL_VERIFICATION_PER_HOUR = 5;
export const EMAIL_VERIFICATION_COOLDOWN_MS = 60_000;
/** A token is 43 base64url characters (256 bits). */
export const EMAIL_VERIFICATION_TOKEN_MAX = 100;

export const EMAIL_VERIFICATION_SENT = 'We have sent a verification link to your e-mail address. It works for 24 hours.';
export const EMAIL_ALREADY_VERIFIED = 'Your e-mail address is already verified.';
export const EMAIL_VERIFICATION_TOO_MANY = 'A verification link was sent a moment ago. Please check your inbox, or try again in a few minutes.';
export const EMAIL_VERIFICATION_HOURLY = 'Too many verification e-mails in the last hour. Please check your inbox, or try again later.';
export const EMAIL_VERIFIED = 'Your e-mail address is verified. Files can now be e-mailed to it.';
export const EMAIL_LINK_INVALID = 'This verification link is not valid. Please ask for a new one.';
export const EMAIL_LINK_EXPIRED = 'This verification link has expired. Please ask for a new one.';
export const EMAIL_LINK_USED = 'This verification link has already been used. If you opened it before, your address is verified.';
export const EMAIL_LINK_OLD_ADDRESS = 'This verification link was sent to an earlier e-mail address of yours. Please ask for a new one.';

/** POST /api/auth/verify-email/confirm: the token from the link. */
export const verifyEmailConfirmSchema = z.object({
  token: z.string({ error: EMAIL_LINK_INVALID }).trim().min(1, EMAIL_LINK_INVALID).max(EMAIL_VERIFICATION_TOKEN_MAX, EMAIL_LINK_INVALID),
});
export type VerifyEmailConfirm = z.infer<typeof verifyEmailConfirmSchema>;

/** GET /api/auth/verify-email: the signed-in user's address and whether it is verified. */
export const EmailVerificationStatus = okBody({ email: z.string(), verified: z.boolean(), verifiedAt: z.string().nullable() });
export type EmailVerificationStatus = z.infer<typeof EmailVerificationStatus>;
/** POST /api/auth/verify-email/send. */
export const VerifyEmailSendResponse = okBody({ message: z.string(), email: z.string(), expiresAt: z.string() });
export type VerifyEmailSendResponse = z.infer<typeof VerifyEmailSendResponse>;
/**
 * GET /api/auth/verify-email/organisation: the configured address of the signed-in user's company
 * (seller) or warehouse, and whether it is verified (files go to it only then); null for an admin.
 */
export const OrgEmailVerificationStatus = okBody({
  organisation: z.object({ kind: z.enum(['company', 'warehouse']), name: z.string(), email: z.string(), verified: z.boolean() }).nullable(),
});
export type OrgEmailVerificationStatus = z.infer<typeof OrgEmailVerificationStatus>;
export const ORG_EMAIL_MISSING = 'Add an e-mail address to the profile first.';
export const ORG_EMAIL_ALREADY_VERIFIED = 'This address is already verified.';
export const NO_ORGANISATION = 'This account does not belong to a company or warehouse.';
/** POST /api/auth/verify-email/confirm. */
export const VerifyEmailConfirmResponse = okBody({ message: z.string(), email: z.string() });
export type VerifyEmailConfirmResponse = z.infer<typeof VerifyEmailConfirmResponse>;
