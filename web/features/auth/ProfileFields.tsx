import type { UseFormReturnType } from '@mantine/form';
import { addressFields } from '../../ui/forms/addressFields';
import { FieldGrid, type GridFieldEntry } from '../../ui/forms/FieldGrid';

export type ProfileFieldsProps<Values, Transformed = Values> = {
  form: UseFormReturnType<Values, Transformed>;
  kind: 'company' | 'warehouse';
  withPassword?: boolean;
};

const WAREHOUSE_REQUIREMENTS = ['I need warehousing and fulfilment', 'I ship from my own warehouse', 'Not sure yet'];

/** The profile fields of part 1 §3 for a company or a warehouse, shared by signup and profile pages. */
export function ProfileFields<Values, Transformed = Values>({ form, kind, withPassword }: ProfileFieldsProps<Values, Transformed>) {
  const company = kind === 'company';
  const fields: GridFieldEntry[] = [
    { path: 'name', label: company ? 'Company Name' : 'Warehouse Name' },
    { path: 'email', label: 'Email', props: { type: 'email' } },
    { path: 'phone', label: 'Phone', as: 'phone' },
    { path: 'website', label: 'Website' },
    { path: 'pan', label: 'PAN', props: { maxLength: 10 } },
    { path: 'gst', label: 'GST', props: { maxLength: 15 } },
    company && { path: 'poc', label: 'PoC', props: { description: 'Point of contact' } },
    company && { path: 'pocPhone', label: 'PoC Phone', as: 'phone' },
    ...addressFields('address', { landmark: !company, country: !company }),
    company && { path: 'warehouseRequirement', label: 'Warehouse Requirement', required: false, as: 'select', props: { clearable: true, data: WAREHOUSE_REQUIREMENTS } },
    withPassword && {
      path: 'password',
      label: 'Password',
      as: 'password',
      props: { description: '8 to 20 characters with a digit and a special character', autoComplete: 'new-password' },
    },
    withPassword && { path: 'confirmPassword', label: 'Confirm Password', as: 'password', props: { autoComplete: 'new-password' } },
  ];
  return <FieldGrid form={form} fields={fields} />;
}

export function emptyProfile(kind: 'company' | 'warehouse') {
  const address = { line1: '', line2: '', city: '', state: '', pincode: '', ...(kind === 'warehouse' ? { landmark: '', country: 'India' } : {}) };
  return {
    name: '', email: '', phone: '', pan: '', gst: '', website: '',
    ...(kind === 'company' ? { poc: '', pocPhone: '', warehouseRequirement: '' } : {}),
    address,
  };
}
