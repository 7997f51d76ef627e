import { Grid, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { INDIAN_STATE_NAMES } from '../../../domain/india';
import { normalisePhone, normalisePincode, PHONE_INPUT_MAX } from '../../../domain/phone';
import { lookupPincode } from './queries';

/** What these fields use of the page's form, whatever its values: reading them, setting a field and binding an input by path. */
export type AddressForm = {
  getValues: () => unknown;
  setFieldValue: (path: string, value: string) => void;
  getInputProps: (path: string) => ReturnType<UseFormReturnType<unknown>['getInputProps']>;
};

/**
 * Typing a pincode: with exactly 6 characters, state and city (the district)
 * are filled from the pincode directory; any other length leaves them blank.
 * Lookup errors are silent. A late answer for an older pincode is dropped.
 */
export function usePincodeAutofill(form: AddressForm, prefix: string, zipKey = 'zip') {
  return async (typed: string) => {
    // '560 001' pasted is 560001.
    const value = /^[\d\s-]+$/.test(typed) ? normalisePincode(typed) : typed;
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
  return path.split('.').reduce<unknown>((o, k) => (o == null ? o : (o as Record<string, unknown>)[k]), obj);
}

export function StateSelect({ form, path, required = true }: { form: AddressForm; path: string; required?: boolean }) {
  const value = getPath(form.getValues(), path) as string;
  const data = value && !INDIAN_STATE_NAMES.includes(value) ? [value, ...INDIAN_STATE_NAMES] : [...INDIAN_STATE_NAMES];
  return <Select label="State" searchable required={required} data={data} {...form.getInputProps(path)} />;
}

export type AddressFieldsProps = {
  form: AddressForm;
  /** 'shippingAddress', 'billingAddress', 'storeAddress'. */
  prefix: string;
  /** Store addresses have a store name and optional person names. */
  store?: boolean;
  disabled?: boolean;
  /** A B2B order's address asks for the buyer's business name and GSTIN. */
  b2b?: boolean;
};

/** Address fields of part 2 §3 (firstName … GSTIN), with pincode auto-fill. */
export function AddressFields({ form, prefix, store, disabled, b2b }: AddressFieldsProps) {
  const p = (k: string) => ({ ...form.getInputProps(`${prefix}.${k}`), disabled });
  const onZip = usePincodeAutofill(form, prefix);
  const half = { base: 12, sm: 6 };
  return (
    <Grid gap="sm">
      {store && <Grid.Col span={12}><TextInput label="Store Name" required {...p('storeName')} /></Grid.Col>}
      <Grid.Col span={half}><TextInput label="First Name" required={!store} {...p('firstName')} /></Grid.Col>
      <Grid.Col span={half}><TextInput label="Last Name" required={!store} {...p('lastName')} /></Grid.Col>
      <Grid.Col span={half}>
        <TextInput
          label="Phone"
          required
          inputMode="tel"
          maxLength={PHONE_INPUT_MAX}
          {...p('phone')}
          // '+91 98450-12345' pasted or typed becomes its 10 digits when the field is left.
          onBlur={(e) => form.setFieldValue(`${prefix}.phone`, normalisePhone(e.currentTarget.value))}
        />
      </Grid.Col>
      <Grid.Col span={half}><TextInput label="Email" type="email" {...p('email')} /></Grid.Col>
      <Grid.Col span={half}><TextInput label="Address Line 1" required {...p('address1')} /></Grid.Col>
      <Grid.Col span={half}><TextInput label="Address Line 2" required {...p('address2')} /></Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput label="Pincode" required inputMode="numeric" maxLength={12} {...p('zip')} onChange={(e) => void onZip(e.currentTarget.value)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}><TextInput label="City" required {...p('city')} /></Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}><StateSelect form={form} path={`${prefix}.state`} /></Grid.Col>
      {b2b && (
        <Grid.Col span={half}>
          <TextInput label="Business Name" required description="The buyer's registered business name, printed on the tax invoice" {...p('companyName')} />
        </Grid.Col>
      )}
      <Grid.Col span={half}>
        <TextInput
          label="GSTIN"
          required={b2b}
          description={b2b ? 'Needed on a B2B tax invoice so the buyer can claim input tax credit' : undefined}
          maxLength={15}
          {...p('gstin')}
        />
      </Grid.Col>
    </Grid>
  );
}
