// Bounds on free text (ARCHITECTURE.md: every string has a maximum length).
// A field with a tighter rule of its own (phone, PAN, pincode) keeps it.
/** A name, an address line, a city: one line of text. */
export const TEXT_MAX = 200;
/** Remarks, descriptions: a paragraph. */
export const LONG_TEXT_MAX = 2000;
export const tooLongMsg = (label: string, max: number) => `${label} cannot be more than ${max} characters`;
