import { useMemo } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  DOWNLOAD_API_ERROR,
  DOWNLOAD_CSV_ERROR,
  PICK_LIST_FILE,
  PICK_LIST_NONE,
  SELECT_AT_LEAST_ONE,
  TALLY_NONE,
  unableToFind,
  VOUCHER_FAILED,
  type CsvEntity,
  type EmailKind,
} from '../../../domain/downloads';
import { useSession } from '../../auth/useSession';
import { EmailRequestForm } from './EmailRequestForm';
import { requestDownload, saveBlob, saveText, type DocumentFailure } from './files';

const summary = (failures: DocumentFailure[]) =>
  failures
    .slice(0, 5)
    .map((f) => `${f.orderId}: ${f.reasons.join('; ')}`)
    .join('\n') + (failures.length > 5 ? `\n+${failures.length - 5} more` : '');

function warnSkipped(failures: DocumentFailure[], what: string) {
  if (!failures.length) return;
  notifications.show({
    color: 'yellow',
    autoClose: 10_000,
    title: `${failures.length} order(s) left out of the ${what}`,
    message: <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{summary(failures)}</Text>,
  });
}

/** A red notification: the spec's text as the title when there is a detail to add, else as the message. */
function error(text: string, detail?: string) {
  const withDetail = detail && detail !== text;
  notifications.show({
    color: 'red',
    title: withDetail ? text : undefined,
    message: withDetail ? <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{detail}</Text> : text,
  });
}

function askForEmail(opts: { message: string; kind: EmailKind; ids?: string[]; filter?: Record<string, unknown>; defaultEmail: string; what: string }) {
  const id = modals.open({
    title: 'Send the download link by e-mail',
    children: <EmailRequestForm {...opts} onClose={() => modals.close(id)} />,
  });
}

export type Downloads = {
  downloadLabels: (orderIds: string[]) => Promise<void>;
  downloadInvoices: (orderIds: string[]) => Promise<void>;
  openManifest: (orderIds: string[]) => Promise<void>;
  /** The labels or invoices opened in a new tab, to print from there. */
  openDocument: (kind: 'label' | 'invoice', orderIds: string[]) => Promise<void>;
  downloadPickList: (orderIds: string[]) => Promise<void>;
  tallyXml: (orderIds: string[]) => Promise<void>;
  tallyExcel: (orderIds: string[]) => Promise<void>;
  ordersCsv: (filter: Record<string, unknown>) => Promise<void>;
  entityCsv: (entity: CsvEntity, filter?: Record<string, unknown>) => Promise<void>;
};

/**
 * Every download of the orders and invoices pages, with the spec's messages
 * and the e-mail flow for requests too big to answer directly. Each function
 * reports through notifications and never throws.
 */
export function useDownloads(): Downloads {
  const session = useSession();
  const email = session.user.email;
  const appType = session.role === 'warehouse' ? 'wms' : session.role;

  return useMemo(() => {
    async function downloadDocument(kind: 'label' | 'invoice', orderIds: string[]) {
      if (!orderIds.length) return error(SELECT_AT_LEAST_ONE);
      const r = await requestDownload(`/api/download/${kind}`, { body: { orderId: orderIds } }, `${kind}s.pdf`);
      if (r.kind === 'file') {
        saveBlob(r.blob, r.fileName);
        warnSkipped(r.failures, `${kind}s`);
      } else if (r.kind === 'json' && r.body?.emailRequired) {
        askForEmail({ message: r.body.message, kind, ids: orderIds, defaultEmail: email, what: `${kind}s` });
      } else if (r.kind === 'json') {
        error(unableToFind(kind), r.body?.failures?.length ? summary(r.body.failures) : r.body?.message);
      } else {
        error(DOWNLOAD_API_ERROR);
      }
    }

    async function tallyExcel(orderIds: string[]) {
      if (!orderIds.length) return error(TALLY_NONE);
      const r = await requestDownload('/api/tally-voucher/download/excel', { body: { orderIds } }, 'VoucherFailures.xlsx');
      if (r.kind === 'file') saveBlob(r.blob, r.fileName);
      else error(r.kind === 'json' ? r.body?.message ?? DOWNLOAD_API_ERROR : DOWNLOAD_API_ERROR);
    }

    async function csv(entity: CsvEntity, filter: Record<string, unknown>) {
      const r = await requestDownload(`/api/download/csv/${entity}`, { body: { filter, appType } }, `${entity}.csv`);
      if (r.kind === 'file') saveBlob(r.blob, r.fileName);
      else if (r.kind === 'json' && r.body?.emailRequired) {
        askForEmail({ message: r.body.message, kind: `csv:${entity}`, filter, defaultEmail: email, what: `${entity} CSV` });
      } else if (r.kind === 'json' && r.status === 404) error(r.body.message!); // a 404 here is the 'nothing for the filter' refusal, which has one
      else error(DOWNLOAD_CSV_ERROR);
    }

    /** A PDF in a new tab (opened before the request, so the browser counts it as the user's click), to print from there. */
    async function openInTab(what: 'manifest' | 'label' | 'invoice', orderIds: string[], request: () => ReturnType<typeof requestDownload>) {
      if (!orderIds.length) return error(SELECT_AT_LEAST_ONE);
      const tab = window.open('', '_blank');
      const r = await request();
      if (r.kind === 'file') {
        const url = URL.createObjectURL(r.blob);
        if (tab) tab.location.href = url;
        else saveBlob(r.blob, r.fileName);
        warnSkipped(r.failures, what === 'manifest' ? 'manifest' : `${what}s`);
        return;
      }
      tab?.close();
      if (r.kind === 'json' && r.body?.emailRequired && what !== 'manifest') askForEmail({ message: r.body.message, kind: what, ids: orderIds, defaultEmail: email, what: `${what}s` });
      else if (r.kind === 'json') error(unableToFind(what), r.body?.failures?.length ? summary(r.body.failures) : r.body?.message);
      else error(DOWNLOAD_API_ERROR);
    }

    return {
      downloadLabels: (ids) => downloadDocument('label', ids),
      downloadInvoices: (ids) => downloadDocument('invoice', ids),

      openManifest: (orderIds) =>
        openInTab('manifest', orderIds, () =>
          requestDownload(`/api/download/shipping-manifest?orderIds=${encodeURIComponent(orderIds.join(','))}`, { method: 'GET' }, 'manifest.pdf')),
      openDocument: (kind, orderIds) =>
        openInTab(kind, orderIds, () => requestDownload(`/api/download/${kind}`, { body: { orderId: orderIds } }, `${kind}s.pdf`)),

      async downloadPickList(orderIds) {
        if (!orderIds.length) return error(PICK_LIST_NONE);
        const r = await requestDownload('/api/download/picklist', { body: { orderIds } }, PICK_LIST_FILE);
        if (r.kind === 'file') saveBlob(r.blob, PICK_LIST_FILE);
        else if (r.kind === 'json') error(unableToFind('pick list'), r.body?.message);
        else error(DOWNLOAD_API_ERROR);
      },

      async tallyXml(orderIds) {
        if (!orderIds.length) return error(TALLY_NONE);
        const r = await requestDownload('/api/tally-voucher/download/xml', { body: { orderIds } });
        if (r.kind !== 'json' || (r.status >= 400 && !('success' in (r.body ?? {})))) {
          return error(r.kind === 'json' ? r.body?.message ?? DOWNLOAD_API_ERROR : DOWNLOAD_API_ERROR);
        }
        // Tally's answers (with `success`) carry the XML of the vouchers made, failed or not.
        if (r.body.success) return saveText(r.body.xml!, 'TallyVouchers.xml', 'application/xml');
        const made: number = r.body.vouchers ?? 0;
        const id = modals.open({
          title: 'Tally vouchers',
          children: (
            <Stack>
              <Text data-testid="voucher-failed">{VOUCHER_FAILED}</Text>
              <Button onClick={() => void tallyExcel(orderIds)}>Download excel</Button>
              {made > 0 && (
                <Button variant="default" onClick={() => saveText(r.body.xml!, 'TallyVouchers.xml', 'application/xml')}>
                  Download XML of the {made} voucher(s) made
                </Button>
              )}
              <Button variant="subtle" onClick={() => modals.close(id)}>Close</Button>
            </Stack>
          ),
        });
      },
      tallyExcel,
      ordersCsv: (filter) => csv('orders', filter),
      entityCsv: (entity, filter = {}) => csv(entity, filter),
    };
  }, [email, appType]);
}
