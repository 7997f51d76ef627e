// The 'Bulk Order Upload' modal of the orders page (part 2 §2 'Orders page
// extras'): the three steps, the max-rows note, and the file picker that
// opens the orders preview (/bulk/orders).
import { useState } from 'react';
import { Anchor, Button, FileButton, List, Modal, Text } from '@mantine/core';
import { MAX_BULK_ROWS, templatePath } from '../../../domain/bulk/types';
import { useSession } from '../../auth/useSession';
import { ACCEPT, useOpenPreview } from './BulkPage';

export const BULK_ORDER_UPLOAD = 'Bulk Order Upload';

/** The button that opens the modal; shown to roles that may upload orders. */
export function BulkOrderUploadButton() {
  const { role } = useSession();
  const [opened, setOpened] = useState(false);
  const open = useOpenPreview();
  if (role !== 'seller' && role !== 'warehouse') return null;
  return (
    <>
      <Button variant="default" size="xs" onClick={() => setOpened(true)}>{BULK_ORDER_UPLOAD}</Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={BULK_ORDER_UPLOAD} size="lg">
        <List type="ordered" spacing="xs" size="sm">
          <List.Item>
            Download the <Anchor href={templatePath('orders')} download>sample excel template</Anchor>.
          </List.Item>
          <List.Item>Edit it with your order data: one row per item; rows with the same id become one order.</List.Item>
          <List.Item>Upload the file (.xlsx or .csv), check the preview and submit.</List.Item>
        </List>
        <Text size="sm" c="dimmed" mt="sm">Note: a maximum of {MAX_BULK_ROWS} rows are allowed at a time.</Text>
        <FileButton onChange={(f) => { setOpened(false); open('orders', f); }} accept={ACCEPT}>
          {(props) => <Button mt="md" {...props}>Upload file</Button>}
        </FileButton>
      </Modal>
    </>
  );
}
