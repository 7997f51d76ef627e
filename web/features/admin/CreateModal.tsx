import { useState } from 'react';
import { Button, Modal, PasswordInput, Select, Stack, Switch, Textarea, TextInput, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiJson } from '../../api/client';
import { FormFooter } from '../../ui/FormFooter';
import { zodValidate } from '../../ui/zodForm';
import { adminKeys, clustersQuery, ownersQuery, warehousesQuery } from './api';
import { useAdminPost } from './useAdminPost';
import type { CreatedResponse } from '../../../domain/admin';

type Choice = { value: string; label: string };

export type Field =
  | { name: string; label: string; kind: 'text' | 'password' | 'multiline'; required?: boolean; placeholder?: string }
  | { name: string; label: string; kind: 'select'; data: Choice[] | ChoicesHook; required?: boolean; placeholder?: string }
  | { name: string; label: string; kind: 'switch'; initial?: boolean };

/** A form's values by field name: text for inputs and selects (empty at first), on/off for switches. */
export type FormValues<F extends readonly Field[]> = { [K in F[number] as K['name']]: K extends { kind: 'switch' } ? boolean : string };

const initialValues = <F extends readonly Field[]>(fields: F) =>
  Object.fromEntries(fields.map((f) => [f.name, f.kind === 'switch' ? (f.initial ?? false) : ''])) as FormValues<F>;

/** The fields the masters' forms share. */
export const NAME_FIELD = { name: 'name', label: 'Name', kind: 'text', required: true } as const satisfies Field;
export const EMAIL_FIELD = { name: 'email', label: 'Email', kind: 'text', required: true } as const satisfies Field;
export const PHONE_FIELD = { name: 'phone', label: 'Phone', kind: 'text', required: true } as const satisfies Field;

/** A select field's choices read from a list the API gives (a hook: the form calls it while it is open). */
type ChoicesHook = () => Choice[];

/** The clusters, warehouses and cluster owners to choose from (the lists' own queries: what a page has loaded is reused). */
export function useClusterChoices(): Choice[] {
  return useQuery(clustersQuery()).data?.map((c) => ({ value: c.clusterId, label: c.clusterName })) ?? [];
}
export function useWarehouseChoices(): Choice[] {
  return useQuery(warehousesQuery()).data?.map((w) => ({ value: w.id, label: `${w.name} (${w.warehouseId})` })) ?? [];
}
export function useOwnerChoices(): Choice[] {
  return useQuery(ownersQuery()).data?.map((o) => ({ value: o.id, label: `${o.name} · ${o.phone}` })) ?? [];
}

/** A select whose choices come from a hook (one field keeps its hook: the calls stay in order). */
function LoadedSelect({ choices, ...props }: Omit<SelectProps, 'data'> & { choices: ChoicesHook }) {
  return <Select {...props} data={choices()} />;
}

export type CreateModalProps<F extends readonly Field[]> = {
  opened: boolean;
  title: string;
  /** The submit button (default: the title). */
  submitLabel?: string;
  fields: F;
  /** Turns the form values into the request body (validated by `schema`, the API's own); default: the values as they are. */
  toBody?: (values: FormValues<F>) => unknown;
  schema: z.ZodType;
  path: string;
  onClose: () => void;
};

/** A create form of the admin masters: same zod schema as the API, server refusals shown beside the fields. */
export function CreateModal<const F extends readonly Field[]>(p: CreateModalProps<F>) {
  return (
    <Modal opened={p.opened} onClose={p.onClose} title={p.title} centered>
      {p.opened && <CreateForm {...p} />}
    </Modal>
  );
}

export type CreateActionProps<F extends readonly Field[]> = Omit<CreateModalProps<F>, 'opened' | 'onClose' | 'title'> & {
  /** The button that opens the form (and the form's title, unless `title` says otherwise). */
  label: string;
  title?: string;
  variant?: 'default' | 'filled';
};

/** A page's create button and the form it opens. */
export function CreateAction<const F extends readonly Field[]>({ label, title = label, variant, ...form }: CreateActionProps<F>) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setOpened(true)}>{label}</Button>
      <CreateModal {...form} title={title} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

function CreateForm<F extends readonly Field[]>(p: CreateModalProps<F>) {
  const [values, setValues] = useState<Record<string, unknown>>(() => initialValues(p.fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, post, onSubmit } = useAdminPost({ invalidate: adminKeys.all, onDone: p.onClose, setErrors });
  const set = (name: string, v: unknown) => setValues((s) => ({ ...s, [name]: v }));
  const errorOf = (name: string) => errors[name] ?? Object.entries(errors).find(([k]) => k.startsWith(`${name}.`))?.[1];
  const submit = async () => {
    const body = p.toBody ? p.toBody(values as FormValues<F>) : values;
    const local = zodValidate(p.schema)(body);
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    await post(() => apiJson<CreatedResponse<string, unknown>>(p.path, { method: 'POST', body }));
  };
  return (
    <form noValidate onSubmit={onSubmit(submit)}>
      <Stack gap="sm">
        {p.fields.map((f) => {
          if (f.kind === 'switch') return <Switch key={f.name} label={f.label} checked={!!values[f.name]} onChange={(e) => set(f.name, e.currentTarget.checked)} />;
          if (f.kind === 'select') {
            const props = { label: f.label, placeholder: f.placeholder, value: (values[f.name] as string) || null, onChange: (v: string | null) => set(f.name, v ?? ''), error: errorOf(f.name), withAsterisk: f.required, clearable: !f.required, searchable: true };
            return typeof f.data === 'function' ? <LoadedSelect key={f.name} {...props} choices={f.data} /> : <Select key={f.name} {...props} data={f.data} />;
          }
          if (f.kind === 'multiline')
            return <Textarea key={f.name} label={f.label} placeholder={f.placeholder} value={(values[f.name] as string) ?? ''} onChange={(e) => set(f.name, e.currentTarget.value)} error={errorOf(f.name)} withAsterisk={f.required} autosize minRows={2} />;
          if (f.kind === 'password')
            return <PasswordInput key={f.name} label={f.label} value={(values[f.name] as string) ?? ''} onChange={(e) => set(f.name, e.currentTarget.value)} error={errorOf(f.name)} withAsterisk={f.required} />;
          return <TextInput key={f.name} label={f.label} placeholder={f.placeholder} value={(values[f.name] as string) ?? ''} onChange={(e) => set(f.name, e.currentTarget.value)} error={errorOf(f.name)} withAsterisk={f.required} />;
        })}
        <FormFooter onCancel={p.onClose} cancelDisabled={busy} submitLabel={p.submitLabel ?? p.title} loading={busy} />
      </Stack>
    </form>
  );
}
