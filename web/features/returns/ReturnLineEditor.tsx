// The lines of a return to approve: per WSIN its units, the missing and damaged
// counts (each with its message) and an optional proof photo.
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { PhotoPicker } from '../floor/PhotoPicker';
import { TouchNumber } from '../floor/TouchNumber';
import { PRODUCT_COLUMN, RETURN_TABLE, WSIN_COLUMN } from './returnTable';
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
              subject={l.wsin}
              testId={`photo-file-${l.wsin}`}
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
