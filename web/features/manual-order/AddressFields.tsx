import { Grid, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { INDIAN_STATE_NAMES } from '../../../domain/india';
import { lookupPincode } from './queries';

/**
 * Typing a pincode: with exactly 6 characters, state and city (the district)
 * are filled from the pincode directory; any other length leaves them blank.
 * Lookup errors are silent. A late answer for an older pincode is dropped.
 */
export function usePincodeAutofill(form: UseFormReturnType<any>, prefix: string, zipKey = 'zip') {
  return async (value: string) => {
    form.setFieldValue(`${prefix}.${zipKey}`, value);
    form.setFieldValue(`${prefix}.state`, '');
    form.setFieldValue(`${prefix}.city`, '');
    if (value.trim().length !== 6) return;
    const found = await lookupPincode(value.trim());
    if (!found || getPath(form.getValues(), `${prefix}.${zipKey}`) !== value) return;
    form.setFieldValue(`${prefix}.state`, found.state);
    form.setFieldValue(`${prefix}.city`, found.district);
  };
}

function getPath(obj: unknown, path: string): unknown {
  return path.split('.').reduce<any>((o, k) => (o == null ? o : o[k]), obj);
}

export function StateSelect({ form, path, required = true }: { form: UseFormReturnType<any>; path: string; required?: boolean }) {
  const value = getPath(form.getValues(), path) as string;
  const data = value && !INDIAN_STATE_NAMES.includes(value) ? [value, ...INDIAN_STATE_NAMES] : [...INDIAN_STATE_NAMES];
  return <Select label="State" searchable required={required} data={data} {...form.getInputProps(path)} />;
}

export type AddressFieldsProps = {
  form: UseFormReturnType<any>;
  /** 'shippingAddress', 'billingAddress', 'storeAddress'. */
  prefix: string;
  /** Store addresses have a store name and optional person names. */
  store?: boolean;
  disabled?: boolean;
};

/** Address fields of part 2 §3 (firstName … GSTIN), with pincode auto-fill. */
export function AddressFields({ form, prefix, store, disabled }: AddressFieldsProps) {
  const p = (k: string) => ({ ...form.getInputProps(`${prefix}.${k}`), disabled });
  const onZip = usePincodeAutofill(form, prefix);
  const half = { base: 12, sm: 6 };
  return (
    <Grid gap="sm">
      {store && <Grid.Col span={12}><TextInput label="Store Name" required {...p('storeName')} /></Grid.Col>}
      <Grid.Col span={half}><TextInput label="First Name" required={!store} {...p('firstName')} /></Grid.Col>
      <Grid.Col span={half}><TextInput label="Last Name" required={!store} {...p('lastName')} /></Grid.Col>
      <Grid.Col span={half}><TextInput label="Phone" required inputMode="numeric" maxLength={10} {...p('phone')} /></Grid.Col>
      <Grid.Col span={half}><TextInput label="Email" type="email" {...p('email')} /></Grid.Col>
      <Grid.Col span={half}><TextInput label="Address Line 1" required {...p('address1')} /></Grid.Col>
      <Grid.Col span={half}><TextInput label="Address Line 2" required {...p('address2')} /></Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput label="Pincode" required inputMode="numeric" maxLength={6} {...p('zip')} onChange={(e) => void onZip(e.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}><TextInput label="City" required {...p('city')} /></Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}><StateSelect form={form} path={`${prefix}.state`} /></Grid.Col>
      <Grid.Col span={half}><TextInput label="GSTIN" maxLength={15} {...p('gstin')} /></Grid.Col>
    </Grid>
  );
}
