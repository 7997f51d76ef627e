import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

/** What a browser reads back: filename* when present (RFC 6266), else filename. */
function nameFrom(header: string): string {
  const star = /filename\*=UTF-8''([^;]+)/.exec(header);
  return star ? decodeURIComponent(star[1]) : /filename="([^"]*)"/.exec(header)![1];
}
const params = (header: string) => header.split(';').map((p) => p.trim().split('=')[0]);

describe('contentDisposition', () => {
  it.each([
    ['inventory-trail-W123.csv', 'inventory-trail-W123.csv'],
    ['inventory-trail-📦W1.csv', 'inventory-trail-📦W1.csv'],
    ['trail-";x=.exe"; filename="evil.exe.csv', 'trail-";x=.exe"; filename="evil.exe.csv'],
    ['line\r\nSet-Cookie: a=b.csv', 'line__Set-Cookie: a=b.csv'],
    ['../../etc/passwd', '_.._etc_passwd'],
  ])('%j: one filename, one filename*, the name kept', (name, expected) => {
    const h = contentDisposition(name);
    expect(() => new Headers({ 'content-disposition': h })).not.toThrow();
    expect(params(h)).toEqual(['attachment', 'filename', 'filename*']);
    expect([...h].every((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) < 0x7f)).toBe(true);
    expect(nameFrom(h)).toBe(expected);
  });
});
