import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { ordersSearchSchema, urlSearch } from './search';

describe('the orders page search in the URL', () => {
  it('writes the pincode filter unquoted (pincode=560001) and reads it back as the same filter', () => {
    const url = defaultStringifySearch(urlSearch(ordersSearchSchema.parse({ tab: 'all', pincode: '560001' })));
    expect(url).toContain('pincode=560001');
    expect(url).not.toContain('%22');
    expect(ordersSearchSchema.parse(defaultParseSearch(url)).pincode).toBe('560001');
  });
});
