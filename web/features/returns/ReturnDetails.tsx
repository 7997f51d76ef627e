// The details of a processed return: per WSIN the missing and damaged units and the proof photo.
import { Image, Stack, Text, Title } from '@mantine/core';
import { RETURN_DETAILS, type ReturnRow } from '../../../domain/floor';
import { isLocalPhoto, LOCAL_PHOTO } from '../../local-db/db';
import type { FloorSync } from '../../local-db/engine';
import { useLiveQuery } from '../../local-db/live';
import { DataTable } from '../../ui/DataTable';
import { PRODUCT_COLUMN, RETURN_TABLE, WSIN_COLUMN } from './returnTable';
import { useObjectUrl } from '../../ui/useObjectUrl';

export function ReturnDetails({ sync, rows }: { sync: FloorSync; rows: ReturnRow[] }) {
  return (
    <Stack>
      <Title order={4}>{RETURN_DETAILS}</Title>
      <DataTable
        label={RETURN_DETAILS}
        testId="return-details"
        rows={rows}
        rowKey={(r) => r.wsin}
        rowProps={(r) => ({ 'data-wsin': r.wsin })}
        columns={[
          { ...PRODUCT_COLUMN, cellProps: () => ({ fw: 600 }), cell: (r) => r.productTitle },
          { key: 'sku', header: 'SKU', cell: (r) => r.sku },
          { ...WSIN_COLUMN, cellProps: undefined },
          { key: 'missing', header: 'Missing', cellProps: () => ({ 'data-testid': 'details-missing' }), cell: (r) => r.missingQuantity },
          { key: 'damaged', header: 'Damaged', cellProps: () => ({ 'data-testid': 'details-damaged' }), cell: (r) => r.damageQuantity },
          {
            key: 'proof',
            header: 'Proof',
            cellProps: () => ({ 'data-wide': true }),
            cell: (r) => (r.imageLocation ? <ProofImage sync={sync} location={r.imageLocation} /> : '—'),
          },
        ]}
        {...RETURN_TABLE}
      />
    </Stack>
  );
}

/** A proof photo: from the server, or from this device while it waits to be uploaded. */
function ProofImage({ sync, location }: { sync: FloorSync; location: string }) {
  const local = useLiveQuery(isLocalPhoto(location) ? () => sync.photos.photos.get(location.slice(LOCAL_PHOTO.length)) : null, [location]);
  const blobUrl = useObjectUrl(local.data?.blob ?? null);
  const src = isLocalPhoto(location) ? (local.data?.key ? `/api/files/${local.data.key}` : blobUrl) : location;
  if (!src) return <Text size="sm">Photo</Text>;
  return (
    <a href={src} target="_blank" rel="noreferrer">
      <Image src={src} alt="Proof photo" w={64} h={64} radius="sm" fit="cover" />
    </a>
  );
}
