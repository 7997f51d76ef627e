import { useState } from 'react';
import { Modal, PasswordInput, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { apiJson } from '../../api/client';
import { FormFooter } from '../../ui/FormFooter';
import { zodValidate } from '../../ui/zodForm';
import { adminKeys } from './api';
import { useAdminPost } from './useAdminPost';
import type { CreatedResponse } from '../../../domain/admin';

export type Field =
  | { name: string; label: string; kind: 'text' | 'password' | 'multiline'; required?: boolean; placeholder?: string }
  | { name: string; label: string; kind: 'select'; data: { value: string; label: string }[]; required?: boolean; placeholder?: string }
  | { name: string; label: string; kind: 'switch' };

/** `V` is the form's values, keyed by field name (as `initial` has them). */
export type CreateModalProps<V extends Record<string, unknown>> = {
  opened: boolean;
  title: string;
  submitLabel: string;
  fields: Field[];
  initial: V;
  /** Turns the form values into the request body (validated by `schema`, the API's own). */
  toBody: (values: V) => unknown;
  schema: z.ZodType;
  path: string;
  onClose: () => void;
};

/** A create form of the admin masters: same zod schema as the API, server refusals shown beside the fields. */
export function CreateModal<V extends Record<string, unknown>>(p: CreateModalProps<V>) {
  return (
    <Modal opened={p.opened} onClose={p.onClose} title={p.title} centered>
      {p.opened && <CreateForm {...p} />}
    </Modal>
  );
}

function CreateForm<V extends Record<string, unknown>>(p: CreateModalProps<V>) {
  const [values, setValues] = useState<V>(p.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, post, onSubmit } = useAdminPost({ invalidate: adminKeys.all, onDone: p.onClose, setErrors });
  const set = (name: string, v: unknown) => setValues((s) => ({ ...s, [name]: v }) as V);
  const errorOf = (name: string) => errors[name] ?? Object.entries(errors).find(([k]) => k.startsWith(`${name}.`))?.[1];
  const submit = async () => {
    const body = p.toBody(values);
    const local = zodValidate(p.schema)(body);
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    await post(() => apiJson<CreatedResponse<string, unknown>>(p.path, { method: 'POST', body }));
  };
  return (
    <form onSubmit={onSubmit(submit)}>
      <Stack gap="sm">
        {p.fields.map((f) => {
          if (f.kind === 'switch') return <Switch key={f.name} label={f.label} checked={!!values[f.name]} onChange={(e) => set(f.name, e.currentTarget.checked)} />;
          if (f.kind === 'select')
            return (
              <Select key={f.name} label={f.label} placeholder={f.placeholder} data={f.data} value={(values[f.name] as string) || null} onChange={(v) => set(f.name, v ?? '')} error={errorOf(f.name)} withAsterisk={f.required} clearable={!f.required} searchable />
            );
          if (f.kind === 'multiline')
            return <Textarea key={f.name} label={f.label} placeholder={f.placeholder} value={(values[f.name] as string) ?? ''} onChange={(e) => set(f.name, e.currentTarget.value)} error={errorOf(f.name)} withAsterisk={f.required} autosize minRows={2} />;
          if (f.kind === 'password')
            return <PasswordInput key={f.name} label={f.label} value={(values[f.name] as string) ?? ''} onChange={(e) => set(f.name, e.currentTarget.value)} error={errorOf(f.name)} withAsterisk={f.required} />;
          return <TextInput key={f.name} label={f.label} placeholder={f.placeholder} value={(values[f.name] as string) ?? ''} onChange={(e) => set(f.name, e.currentTarget.value)} error={errorOf(f.name)} withAsterisk={f.required} />;
        })}
        <FormFooter onCancel={p.onClose} cancelDisabled={busy} submitLabel={p.submitLabel} loading={busy} />
      </Stack>
    </form>
  );
}
