import type { GridColProps } from '@mantine/core';
import { INDIAN_STATE_NAMES } from '../../../domain/india';
import type { GridField, GridFieldEntry } from './FieldGrid';

export type AddressFieldsOptions = {
  /** A warehouse's address also has a landmark and a country. */
  landmark?: boolean;
  country?: boolean;
  /** Column span of City, State and Pincode (half the row by default). */
  placeSpan?: GridColProps['span'];
};

/** The postal address inputs of a form (line 1, line 2, city, state, pincode) under `prefix` ('address' binds 'address.city'). */
export function addressFields(prefix: string, { landmark, country, placeSpan }: AddressFieldsOptions = {}): GridFieldEntry[] {
  const at = (key: string, label: string, more?: Partial<GridField>) => ({ path: `${prefix}.${key}`, label, ...more }) as GridField;
  return [
    at('line1', 'Address Line 1'),
    at('line2', 'Address Line 2'),
    landmark && at('landmark', 'Landmark'),
    at('city', 'City', { span: placeSpan }),
    at('state', 'State', { span: placeSpan, as: 'select', props: { searchable: true, data: [...INDIAN_STATE_NAMES] } }),
    at('pincode', 'Pincode', { span: placeSpan, props: { inputMode: 'numeric', maxLength: 6 } }),
    country && at('country', 'Country'),
  ];
}
