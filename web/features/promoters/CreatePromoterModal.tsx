import { useState } from 'react';
import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { createPromoterSchema, ERROR_CREATING_PROMOTER, type CreatePromoterResponse } from '../../../domain/promoters';
import { apiJson, ApiRequestError } from '../../api/client';
import { useSession } from '../../auth/useSession';
import { phoneInputProps } from '../../ui/phoneInput';
import { zodValidate } from '../../ui/zodForm';
import { RemoveRowButton } from '../../ui/forms/RemoveRowButton';

export type CreatePromoterModalProps = { opened: boolean; onClose: () => void; onCreated: (id: string) => void };

const emptyRetailer = () => ({ firstName: '', lastName: '', phone: '', GSTIN: '' });

/** 'Create Promoter': name, phone and the promoter's retailers; the server's message (or 'error creating promoter') on failure. */
export function CreatePromoterModal({ opened, onClose, onCreated }: CreatePromoterModalProps) {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { name: '', phone: '', retailers: [emptyRetailer()] }, validate: zodValidate(createPromoterSchema) });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const r = await apiJson<CreatePromoterResponse>('/api/admin/promoter', { method: 'POST', body: { ...values, user: session.user.name } });
      notifications.show({ color: 'green', message: r.message });
      form.reset();
      onCreated(r.data.id);
    } catch (e) {
      if (e instanceof ApiRequestError) for (const fe of e.errors ?? []) form.setFieldError(fe.path, fe.message);
      notifications.show({ color: 'red', title: 'Error', message: (e as Error).message || ERROR_CREATING_PROMOTER });
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Create Promoter" size="xl">
      {/* noValidate: the form's own messages ('Please input Name!'), not the browser's bubble. */}
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required {...form.getInputProps('name')} />
            <TextInput label="Phone" required {...phoneInputProps(form.getInputProps('phone'), (v) => form.setFieldValue('phone', v))} />
          </SimpleGrid>
          <Group justify="space-between">
            <Text fw={600}>Retailers</Text>
            <Button size="xs" variant="light" onClick={() => form.insertListItem('retailers', emptyRetailer())}>Add retailer</Button>
          </Group>
          {typeof form.errors.retailers === 'string' && <Text c="red" size="sm">{form.errors.retailers}</Text>}
          {form.values.retailers.map((_, i) => (
            <Paper key={i} withBorder p="sm" data-testid={`retailer-${i}`}>
              <Group align="flex-end" wrap="nowrap">
                <SimpleGrid cols={{ base: 1, sm: 4 }} style={{ flex: 1 }}>
                  <TextInput label={`Retailer ${i + 1} first name`} {...form.getInputProps(`retailers.${i}.firstName`)} />
                  <TextInput label={`Retailer ${i + 1} last name`} {...form.getInputProps(`retailers.${i}.lastName`)} />
                  <TextInput
                    label={`Retailer ${i + 1} phone`}
                    {...phoneInputProps(form.getInputProps(`retailers.${i}.phone`), (v) => form.setFieldValue(`retailers.${i}.phone`, v))}
                  />
                  <TextInput label={`Retailer ${i + 1} GSTIN`} maxLength={15} {...form.getInputProps(`retailers.${i}.GSTIN`)} />
                </SimpleGrid>
                <RemoveRowButton label={`Remove retailer ${i + 1}`} disabled={form.values.retailers.length === 1} onRemove={() => form.removeListItem('retailers', i)} />
              </Group>
            </Paper>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={busy}>Create Promoter</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
