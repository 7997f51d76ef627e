// Who the app may e-mail on a user's behalf (download links), and how often.
export const MAIL_RECIPIENT_NOT_ALLOWED =
  'Download links can be sent only to your own e-mail address or your company\'s.';
export const MAIL_TOO_MANY = 'Too many download e-mails in the last hour. Please try again later.';
/** The longest text of a user's (a name) that goes into an e-mail. */
export const MAIL_USER_TEXT_MAX = 80;
