import type { ReactNode } from 'react';
import {
  Grid,
  PasswordInput,
  Select,
  TextInput,
  type GridColProps,
  type PasswordInputProps,
  type SelectProps,
  type TextInputProps,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { phoneInputProps } from '../phoneInput';

type FieldBase = {
  /** The form path the input is bound to (also the column's key). */
  path: string;
  label: string;
  /** Required unless false. */
  required?: boolean;
  /** Half the row from sm up unless given. */
  span?: GridColProps['span'];
};

/** One input of a form grid: a text input (default), a phone input (normalised on blur), a select or a password. */
export type GridField = FieldBase &
  (
    | { as?: 'text' | 'phone'; props?: TextInputProps }
    | { as: 'select'; props: SelectProps }
    | { as: 'password'; props?: PasswordInputProps }
  );

/** A field list entry; false or undefined (a field the form does not have) renders nothing. */
export type GridFieldEntry = GridField | false | undefined;

const HALF_ROW: GridColProps['span'] = { base: 12, sm: 6 };

export type FieldGridProps<Values, Transformed = Values> = {
  form: UseFormReturnType<Values, Transformed>;
  fields: readonly GridFieldEntry[];
  /** More columns after the fields. */
  children?: ReactNode;
};

/** A form's fields as a grid, one column each, bound to the form by their paths. */
export function FieldGrid<Values, Transformed = Values>({ form, fields, children }: FieldGridProps<Values, Transformed>) {
  return (
    <Grid gap="sm">
      {fields.map(
        (f) =>
          f && (
            <Grid.Col key={f.path} span={f.span ?? HALF_ROW}>
              <FieldInput form={form} field={f} />
            </Grid.Col>
          ),
      )}
      {children}
    </Grid>
  );
}

function FieldInput<Values, Transformed>({ form, field }: { form: UseFormReturnType<Values, Transformed>; field: GridField }) {
  const bound = form.getInputProps(field.path);
  const shown = { label: field.label, required: field.required ?? true };
  switch (field.as) {
    case 'select':
      return <Select {...shown} {...field.props} {...bound} />;
    case 'password':
      return <PasswordInput {...shown} {...field.props} {...bound} />;
    case 'phone': {
      const setField = form.setFieldValue as (path: string, value: unknown) => void;
      return <TextInput {...shown} {...field.props} {...phoneInputProps(bound, (v) => setField(field.path, v))} />;
    }
    default:
      return <TextInput {...shown} {...field.props} {...bound} />;
  }
}
