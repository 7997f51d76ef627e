import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  authenticateSchema,
  INVALID_CREDENTIALS,
  loginSchema,
  selectCompaniesSchema,
  SIGN_IN_EXPIRED,
  verifyEmailConfirmSchema,
  AuthenticateResponse,
  AuthStateResponse,
  EmailVerificationStatus,
  OrgEmailVerificationStatus,
  LoginResponse,
  LogoutResponse,
  SelectedCompaniesResponse,
  SignupResponse,
  VerifyEmailConfirmResponse,
  VerifyEmailSendResponse,
} from '../../../domain/auth';
import { AUTH_CODES } from '../../../domain/messages';
import { companySignupSchema, warehouseSignupSchema } from '../../../domain/profile';
import type { AppEnv } from '../../env';
import { ApiFailure } from '../../lib/errors';
import { responds } from '../../lib/responds';
import { v } from '../../lib/validate';
import { requireSession, SESSION_COOKIE } from '../../middleware/session';
import { selectCompanies } from '../../services/auth/companies';
import { DEVICE_COOKIE } from '../../services/auth/device';
import { authenticate, exchangeCode, hashQueueFor, refuseIfHashingFull, type AuthDeps } from '../../services/auth/sign-in';
import { confirmEmailVerification, emailVerificationStatus, orgEmailVerificationStatus, sendOrgVerificationLink, sendVerificationLink } from '../../services/auth/email-verification';
import { signupCompany, signupWarehouse } from '../../services/auth/signup';
import { sessionPayload, signOut } from '../../services/auth/session';

const deps = (c: Context<AppEnv>): AuthDeps => ({ dbh: c.var.dbh, config: c.var.config, hashes: hashQueueFor(c.var.config) });

export const authRoutes = new Hono<AppEnv>()
  .post('/authenticate', responds(AuthenticateResponse), (c, next) => (refuseIfHashingFull(hashQueueFor(c.var.config)), next()), v('json', authenticateSchema), async (c) => {
    const body = c.req.valid('json');
    const r = await authenticate(deps(c), { ...body, deviceToken: getCookie(c, DEVICE_COOKIE) });
    if (!r.ok) throw new ApiFailure(401, INVALID_CREDENTIALS);
    if (r.device) {
      setCookie(c, DEVICE_COOKIE, r.device.value, {
        httpOnly: true, sameSite: 'Strict', path: '/api/auth', secure: c.var.config.secureCookies, expires: r.device.expires,
      });
    }
    return c.json({ status: true, xsrfToken: r.xsrfToken, oauthCode: r.oauthCode, state: r.state, redirect_url: r.redirectUrl } satisfies AuthenticateResponse);
  })
  .post('/login', responds(LoginResponse), v('json', loginSchema), async (c) => {
    const r = await exchangeCode(deps(c), { oauthCode: c.req.valid('json').oauthCode, xsrfHeader: c.req.header('x-xsrf-token'), current: c.var.session });
    if (r.kind === 'expired') throw new ApiFailure(401, SIGN_IN_EXPIRED);
    if (r.kind === 'bad_xsrf') throw new ApiFailure(403, 'Invalid or missing XSRF token');
    const db = c.var.dbh.db;
    if (r.kind === 'already_signed_in') {
      return c.json({ status: true, code: AUTH_CODES.alreadyLoggedIn, message: 'Already logged in', data: await sessionPayload(db, r.session) } satisfies LoginResponse);
    }
    setCookie(c, SESSION_COOKIE, r.token, { httpOnly: true, sameSite: 'Lax', path: '/', secure: c.var.config.secureCookies, expires: r.expires });
    return c.json({ status: true, code: AUTH_CODES.loggedIn, message: 'Login successful', data: await sessionPayload(db, r.session) } satisfies LoginResponse);
  })
  .get('/session', responds(AuthStateResponse), async (c) => {
    const s = c.var.session;
    if (!s) return c.json({ isLogined: false as const } satisfies AuthStateResponse);
    return c.json((await sessionPayload(c.var.dbh.db, s)) satisfies AuthStateResponse);
  })
  .post('/logout', responds(LogoutResponse), async (c) => {
    await signOut(c.var.dbh, c.var.session);
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: c.var.config.secureCookies });
    return c.json({ status: true, message: 'Logged out' } satisfies LogoutResponse);
  })
  .post('/signup/company', responds(SignupResponse, 201), v('json', companySignupSchema), async (c) => {
    const { email } = await signupCompany(deps(c), c.req.valid('json'));
    return c.json({ status: true, code: AUTH_CODES.signedUp, message: 'Signup successful. Please login.', verificationEmail: email } satisfies SignupResponse, 201);
  })
  .post('/signup/warehouse', responds(SignupResponse, 201), v('json', warehouseSignupSchema), async (c) => {
    const { email } = await signupWarehouse(deps(c), c.req.valid('json'));
    return c.json({ status: true, code: AUTH_CODES.signedUp, message: 'Signup successful. Please login.', verificationEmail: email } satisfies SignupResponse, 201);
  })
  /** E-mail verification: whether the signed-in user's address is verified (files are e-mailed only to a verified own address). */
  .get('/verify-email', responds(EmailVerificationStatus), async (c) => {
    return c.json((await emailVerificationStatus(c.var.dbh, requireSession(c).userId)) satisfies EmailVerificationStatus);
  })
  /** Mails the signed-in user a verification link (once a minute, five an hour). */
  .post('/verify-email/send', responds(VerifyEmailSendResponse), async (c) => {
    return c.json((await sendVerificationLink(c.var.dbh, c.var.config, requireSession(c).userId)) satisfies VerifyEmailSendResponse);
  })
  /** The configured address of the user's company or warehouse, and whether it is verified (files go to it only then). */
  .get('/verify-email/organisation', responds(OrgEmailVerificationStatus), async (c) => {
    return c.json((await orgEmailVerificationStatus(c.var.dbh, requireSession(c))) satisfies OrgEmailVerificationStatus);
  })
  /** Mails a verification link to that address (same limits as the own address's links). */
  .post('/verify-email/organisation/send', responds(VerifyEmailSendResponse), async (c) => {
    return c.json((await sendOrgVerificationLink(c.var.dbh, c.var.config, requireSession(c))) satisfies VerifyEmailSendResponse);
  })
  /** The link's token: marks the address verified, once. No session needed: the token is the proof. */
  .post('/verify-email/confirm', responds(VerifyEmailConfirmResponse), v('json', verifyEmailConfirmSchema), async (c) => {
    return c.json((await confirmEmailVerification(c.var.dbh, c.req.valid('json'))) satisfies VerifyEmailConfirmResponse);
  })
  .put('/selected-companies', responds(SelectedCompaniesResponse), v('json', selectCompaniesSchema), async (c) => {
    const unique = await selectCompanies(c.var.dbh, requireSession(c), c.req.valid('json').companyIds);
    return c.json({ status: true, selectedCompanyIds: unique } satisfies SelectedCompaniesResponse);
  });
