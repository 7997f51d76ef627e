import { Grid, PasswordInput, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { INDIAN_STATE_NAMES } from '../../../domain/india';
import { phoneInputProps } from '../../ui/phoneInput';

export type ProfileFieldsProps<Values, Transformed = Values> = {
  form: UseFormReturnType<Values, Transformed>;
  kind: 'company' | 'warehouse';
  withPassword?: boolean;
};

/** The profile fields of part 1 §3 for a company or a warehouse, shared by signup and profile pages. */
export function ProfileFields<Values, Transformed = Values>({ form, kind, withPassword }: ProfileFieldsProps<Values, Transformed>) {
  const field = (name: string) => form.getInputProps(name);
  const setField = form.setFieldValue as (path: string, value: unknown) => void;
  const phone = (name: string) => phoneInputProps(field(name), (v) => setField(name, v));
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={kind === 'company' ? 'Company Name' : 'Warehouse Name'} required {...field('name')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Email" type="email" required {...field('email')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Phone" required {...phone('phone')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Website" required {...field('website')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="PAN" maxLength={10} required {...field('pan')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="GST" maxLength={15} required {...field('gst')} />
      </Grid.Col>
      {kind === 'company' && (
        <>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="PoC" description="Point of contact" required {...field('poc')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="PoC Phone" required {...phone('pocPhone')} />
          </Grid.Col>
        </>
      )}
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Address Line 1" required {...field('address.line1')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Address Line 2" required {...field('address.line2')} />
      </Grid.Col>
      {kind === 'warehouse' && (
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Landmark" required {...field('address.landmark')} />
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="City" required {...field('address.city')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select label="State" searchable data={[...INDIAN_STATE_NAMES]} required {...field('address.state')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Pincode" inputMode="numeric" maxLength={6} required {...field('address.pincode')} />
      </Grid.Col>
      {kind === 'warehouse' && (
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Country" required {...field('address.country')} />
        </Grid.Col>
      )}
      {kind === 'company' && (
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label="Warehouse Requirement"
            clearable
            data={['I need warehousing and fulfilment', 'I ship from my own warehouse', 'Not sure yet']}
            {...field('warehouseRequirement')}
          />
        </Grid.Col>
      )}
      {withPassword && (
        <>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput label="Password" description="8 to 20 characters with a digit and a special character" autoComplete="new-password" required {...field('password')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput label="Confirm Password" autoComplete="new-password" required {...field('confirmPassword')} />
          </Grid.Col>
        </>
      )}
    </Grid>
  );
}

export function emptyProfile(kind: 'company' | 'warehouse') {
  const address = { line1: '', line2: '', city: '', state: '', pincode: '', ...(kind === 'warehouse' ? { landmark: '', country: 'India' } : {}) };
  return {
    name: '', email: '', phone: '', pan: '', gst: '', website: '',
    ...(kind === 'company' ? { poc: '', pocPhone: '', warehouseRequirement: '' } : {}),
    address,
  };
}
