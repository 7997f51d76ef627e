import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Select, Stack, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SALESMAN_CREATED, salesmanSchema, type SalesmanCreatedResponse } from '../../../domain/manual-order';
import { apiJson, fieldErrors } from '../../api/client';
import { zodValidate } from '../../ui/zodForm';
import { salesmenQuery, type SalesmanDto } from './queries';
import { PHONE_INPUT_MAX } from '../../../domain/phone';

export type SalesmanFieldProps = { companyId: string; value: string; onChange: (id: string) => void; error?: string };

/** Choose the salesman of the order, or add one (POST /salesman). */
export function SalesmanField({ companyId, value, onChange, error }: SalesmanFieldProps) {
  const q = useQuery(salesmenQuery(companyId));
  const [open, setOpen] = useState(false);
  return (
    <>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          label="Salesman"
          placeholder="Select salesman"
          clearable
          searchable
          data={(q.data ?? []).map((s) => ({ value: s.id, label: `${s.firstName} ${s.lastName} · ${s.phone}` }))}
          value={value || null}
          onChange={(v) => onChange(v ?? '')}
          error={error}
          style={{ flex: 1 }}
        />
        <Tooltip label="Add salesman">
          <ActionIcon variant="light" size="lg" aria-label="Add salesman" onClick={() => setOpen(true)} disabled={!companyId}>+</ActionIcon>
        </Tooltip>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title="Add Salesman">
        {open && (
          <SalesmanForm
            companyId={companyId}
            onCreated={(s) => {
              setOpen(false);
              onChange(s.id);
            }}
          />
        )}
      </Modal>
    </>
  );
}

function SalesmanForm({ companyId, onCreated }: { companyId: string; onCreated: (s: SalesmanDto) => void }) {
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: { firstName: '', lastName: '', email: '', phone: '' }, validate: zodValidate(salesmanSchema) });
  const submit = form.onSubmit(async (v) => {
    try {
      const r = await apiJson<SalesmanCreatedResponse>('/api/salesman', { method: 'POST', body: { ...v, companyId } });
      await queryClient.invalidateQueries({ queryKey: salesmenQuery(companyId).queryKey });
      notifications.show({ color: 'green', message: SALESMAN_CREATED });
      onCreated(r.data);
    } catch (e) {
      form.setErrors(fieldErrors(e));
      notifications.show({ color: 'red', title: 'Error', message: (e as Error).message });
    }
  });
  return (
    <form onSubmit={(e) => { e.stopPropagation(); submit(e); }} noValidate>
      <Stack>
        <TextInput label="First Name" required {...form.getInputProps('firstName')} />
        <TextInput label="Last Name" required {...form.getInputProps('lastName')} />
        <TextInput label="Email" required type="email" {...form.getInputProps('email')} />
        <TextInput label="Phone" required inputMode="tel" maxLength={PHONE_INPUT_MAX} {...form.getInputProps('phone')} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>Save Salesman</Button>
        </Group>
      </Stack>
    </form>
  );
}
