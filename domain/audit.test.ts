import { describe, expect, it } from 'vitest';
import { auditChanges, fieldLabel } from './audit';

describe('audit changes in words', () => {
  it('never lists a field named like a credential, whatever record it comes from', () => {
    const before = { label: 'Main', 'settings.webhookToken': 'old-tok', password_hash: 'h1', 'settings.clientSecret': 'a', api_key: 'k1' };
    const after = { label: 'Main 2', 'settings.webhookToken': 'new-tok', password_hash: 'h2', 'settings.clientSecret': 'b', api_key: 'k2' };
    expect(auditChanges(before, after)).toEqual([{ field: 'Name', before: 'Main', after: 'Main 2' }]);
  });

  it('reads flags as Yes/No, money in rupees, and a created record from empty', () => {
    expect(auditChanges({}, { active: 1, price_paise: 123450, 'preferences.print_item_label': 0 })).toEqual([
      { field: 'Active', before: null, after: 'Yes' },
      { field: 'Price', before: null, after: '₹1,234.50' },
      { field: 'Preferences: print item label', before: null, after: 'No' },
    ]);
  });

  it("names an address's numbered parts in words", () => {
    expect(fieldLabel('registered_address.line1')).toBe('Registered address: line 1');
    expect(fieldLabel('settings.defaultPickupLocation')).toBe('Settings: default pickup location');
  });
});
