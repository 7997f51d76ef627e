export const ROLES = ['admin', 'seller', 'warehouse', 'finance'] as const;
export type Role = (typeof ROLES)[number];

/** The app type chosen at sign-in fixes the role for the whole session. */
/** Finance users (part 2 §1) sign in to the finance app: the brands CSV and nothing else. */
export const APP_TYPES = { admin: 'admin', seller: 'seller', wms: 'warehouse', finance: 'finance' } as const;
export type AppType = keyof typeof APP_TYPES;
export const DEFAULT_APP_TYPE: AppType = 'seller';

export function roleForAppType(appType: AppType | undefined): Role {
  return APP_TYPES[appType ?? DEFAULT_APP_TYPE];
}

/** The company ids a session may read and write; `null` means every company (admin). */
export type Scope = { role: Role; companyIds: string[] | null };
