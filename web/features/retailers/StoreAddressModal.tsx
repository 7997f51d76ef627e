import { Checkbox, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { STORE_ADDRESS_CREATED, storeAddressSchema, type StoreAddressCreatedResponse, type StoreAddressDto } from '../../../domain/retailers';
import { apiJson, fieldErrors } from '../../api/client';
import { FormFooter } from '../../ui/FormFooter';
import { zodValidate } from '../../ui/zodForm';
import { AddressFields } from '../manual-order/AddressFields';
import { emptyStore } from '../manual-order/formValues';
import { retailerKeys } from './queries';

export type StoreAddressModalProps = { opened: boolean; companyId?: string; onClose: () => void; onCreated: (s: StoreAddressDto) => void };

/** Create a store address (country India, countryCode IN, latitude and longitude 0 are set by the server). */
export function StoreAddressModal({ opened, companyId, onClose, onCreated }: StoreAddressModalProps) {
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: { store: { ...emptyStore(), isDistributor: false } }, validate: (v) => prefixed(zodValidate(storeAddressSchema)(v.store)) });
  const submit = form.onSubmit(async ({ store }) => {
    try {
      const r = await apiJson<StoreAddressCreatedResponse>('/api/d2r/store-address', { method: 'POST', body: { ...store, companyId } });
      notifications.show({ color: 'green', message: STORE_ADDRESS_CREATED });
      await queryClient.invalidateQueries({ queryKey: retailerKeys.all });
      form.reset();
      onCreated(r.data);
    } catch (e) {
      form.setErrors(prefixed(fieldErrors(e)));
      notifications.show({ color: 'red', title: 'Error', message: (e as Error).message });
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Add Store Address" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <AddressFields form={form} prefix="store" store />
          <Checkbox label="Distributor" {...form.getInputProps('store.isDistributor', { type: 'checkbox' })} />
          <FormFooter onCancel={onClose} submitLabel="Save Store" loading={form.submitting} />
        </Stack>
      </form>
    </Modal>
  );
}

function prefixed(errors: Record<string, string>) {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [`store.${k}`, v]));
}
