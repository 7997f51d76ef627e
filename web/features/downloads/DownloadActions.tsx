import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { useDownloads } from './useDownloads';

export type DownloadActionsProps = {
  /** Selected order ids (documents, pick list, vouchers). */
  orderIds: string[];
  /** The list's current filter, for 'Download CSV'; omit to hide that entry. */
  filter?: Record<string, unknown>;
  label?: string;
};

/** A menu of every order download, for bulk-action bars (orders page, invoices page). */
export function DownloadActions({ orderIds, filter, label = 'Download' }: DownloadActionsProps) {
  const d = useDownloads();
  const [busy, setBusy] = useState(false);
  const run = (fn: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" loading={busy} data-testid="download-menu">
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{orderIds.length} selected</Menu.Label>
        <Menu.Item onClick={run(() => d.downloadLabels(orderIds))}>Download Labels</Menu.Item>
        <Menu.Item onClick={run(() => d.downloadInvoices(orderIds))}>Download Invoices</Menu.Item>
        <Menu.Item onClick={run(() => d.openManifest(orderIds))}>Shipping Manifest</Menu.Item>
        <Menu.Item onClick={run(() => d.downloadPickList(orderIds))}>Pick List</Menu.Item>
        <Menu.Item onClick={run(() => d.tallyXml(orderIds))}>Tally Voucher XML</Menu.Item>
        <Menu.Item onClick={run(() => d.tallyExcel(orderIds))}>Tally Voucher Excel</Menu.Item>
        {filter && (
          <>
            <Menu.Divider />
            <Menu.Item onClick={run(() => d.ordersCsv(filter))}>Download CSV (current filter)</Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
