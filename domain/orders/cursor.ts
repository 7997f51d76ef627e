// The order list's seek cursor: the sort key of a row plus its id, as opaque base64url text.
import { SORT_FIELDS, type SortField } from './paging';

export type SortValue = string | number;
export type Cursor = { sortField: SortField; value: SortValue; id: string };

function b64urlEncode(s: string): string {
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
function b64urlDecode(s: string): string {
  const pad = s.length % 4 ? '='.repeat(4 - (s.length % 4)) : '';
  return atob(s.replace(/-/g, '+').replace(/_/g, '/') + pad);
}

/** A seek cursor: the sort key of a row plus its id (ties broken by id). */
export function encodeCursor(c: Cursor): string {
  return b64urlEncode(JSON.stringify([c.sortField, c.value, c.id]));
}
export function decodeCursor(s: string): Cursor | null {
  try {
    const v = JSON.parse(b64urlDecode(s)) as unknown;
    if (!Array.isArray(v) || v.length !== 3) return null;
    const [sortField, value, id] = v;
    if (!(SORT_FIELDS as readonly string[]).includes(sortField)) return null;
    if (typeof id !== 'string' || !id || id.length > 64) return null;
    if (sortField === 'totalPaise' ? typeof value !== 'number' : typeof value !== 'string') return null;
    return { sortField, value, id };
  } catch {
    return null;
  }
}
