/** Generic field messages of part 1 §5. */
export const requiredMsg = (label: string) => `Please enter your ${label}!`;
export const selectMsg = (label: string) => `Please select your ${label}!`;

/** Auth failure fallback (part 1 §8). */
export const AUTH_FALLBACK = 'Please try after some time.';

/** Response codes of the auth flow (part 1 §4). */
export const AUTH_CODES = { loggedIn: '000012', alreadyLoggedIn: '000006', signedUp: '000027' } as const;

/** Field formats (part 1 §5), the same text wherever the field is asked. */
export const PHONE_INVALID = 'Please enter a valid 10 digit phone number!';
export const EMAIL_INVALID = 'Please enter a valid email!';
export const PINCODE_INVALID = 'Please enter a valid 6 digit pincode!';
export const PASSWORD_LENGTH = 'Password must be 8 to 20 characters!';

/** A date range whose start is after its end (orders list, inventory trail, missed orders). */
export const START_BEFORE_END = 'Start date must be before end date';
/** A bulk action with no order picked (orders workspace, admin delivery orders). */
export const SELECT_AT_LEAST_ONE = 'Select atleast 1 order!';
/** A load or an action the server failed (order info, admin delivery orders). */
export const SERVER_ERROR_RETRY = 'Server Error - Please try again after some time.';
/** An action the user's role or the record's state does not allow (the default forbidden refusal). */
export const NOT_ALLOWED = 'You are not allowed to do this';
