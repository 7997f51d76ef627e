// The lines of a return to approve: per WSIN its units, the missing and damaged
// counts (each with its message) and an optional proof photo.
import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconCamera, IconPhoto, IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { TouchNumber } from '../floor/TouchNumber';
import { PRODUCT_COLUMN, RETURN_TABLE, WSIN_COLUMN } from './returnTable';
import { useObjectUrl } from './useObjectUrl';
import type { ReturnApprovalForm } from './useReturnApprovalForm';
import type { ReturnLine } from './useReturnModel';

export function ReturnLineEditor({ lines, form }: { lines: ReturnLine[]; form: ReturnApprovalForm }) {
  const { state, errors, set, pickPhoto } = form;
  /** A count of returned units per line (missing or damaged), with the line's error that names it. */
  const countColumn = (key: 'missing' | 'damaged', label: string, names: RegExp): DataTableColumn<ReturnLine> => ({
    key,
    header: label,
    card: 'title',
    cell: (l) => (
      <TouchNumber
        label={label}
        ariaLabel={`${label} quantity of ${l.wsin}`}
        min={0}
        // The + button stops where missing and damaged together reach the line's units.
        max={Math.max(0, l.max - (Number(state[l.wsin][key === 'missing' ? 'damaged' : 'missing']) || 0))}
        value={state[l.wsin][key]}
        onChange={(v) => set(l.wsin, { [key]: v })}
        error={errors[l.wsin] && names.test(errors[l.wsin]) ? errors[l.wsin] : undefined}
      />
    ),
  });
  return (
    <DataTable
      label="Returned items"
      testId="return-lines"
      rows={lines}
      rowKey={(l) => l.wsin}
      rowProps={(l) => ({ 'data-wsin': l.wsin })}
      columns={[
        PRODUCT_COLUMN,
        WSIN_COLUMN,
        { key: 'units', header: 'Units', cell: (l) => l.max },
        countColumn('missing', 'Missing', /Missing|together/),
        countColumn('damaged', 'Damaged', /Damaged/),
        {
          key: 'photo',
          header: 'Proof photo (optional)',
          card: 'wide',
          cell: (l) => (
            <PhotoPicker
              wsin={l.wsin}
              photo={state[l.wsin].photo}
              error={state[l.wsin].photoError}
              onPick={(f) => pickPhoto(l.wsin, f)}
              onClear={() => set(l.wsin, { photo: null, photoError: null })}
            />
          ),
        },
      ]}
      {...RETURN_TABLE}
    />
  );
}

function PhotoPicker({ wsin, photo, error, onPick, onClear }: { wsin: string; photo: File | null; error: string | null; onPick: (f: File | undefined) => void; onClear: () => void }) {
  const camera = useRef<HTMLInputElement>(null);
  const files = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(photo);
  return (
    <Stack gap={4}>
      <input ref={camera} type="file" accept="image/*" capture="environment" hidden aria-label={`Take a photo of ${wsin}`} onChange={(e) => onPick(e.currentTarget.files?.[0])} />
      <input ref={files} type="file" accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp" hidden aria-label={`Choose a photo of ${wsin}`} data-testid={`photo-file-${wsin}`} onChange={(e) => onPick(e.currentTarget.files?.[0])} />
      {photo && preview ? (
        <Group gap="xs" wrap="nowrap">
          <Image src={preview} alt={`Proof photo of ${wsin}`} w={56} h={56} radius="sm" fit="cover" />
          <Button variant="subtle" color="red" size="sm" h={48} leftSection={<IconX size={14} />} onClick={onClear}>
            Remove
          </Button>
        </Group>
      ) : (
        <Group gap="xs" wrap="wrap">
          <Button variant="light" size="sm" h={48} leftSection={<IconCamera size={18} />} onClick={() => camera.current?.click()}>
            Take photo
          </Button>
          <Button variant="default" size="sm" h={48} leftSection={<IconPhoto size={18} />} onClick={() => files.current?.click()}>
            Choose file
          </Button>
        </Group>
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
