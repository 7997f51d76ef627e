/** Generic field messages of part 1 §5. */
export const requiredMsg = (label: string) => `Please enter your ${label}!`;
export const selectMsg = (label: string) => `Please select your ${label}!`;

/** Auth failure fallback (part 1 §8). */
export const AUTH_FALLBACK = 'Please try after some time.';

/** Response codes of the auth flow (part 1 §4). */
export const AUTH_CODES = { loggedIn: '000012', alreadyLoggedIn: '000006', signedUp: '000027' } as const;
