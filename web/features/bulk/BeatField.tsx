// The manual order's beat: a choice among the company's beats (created by the
// D2R beats upload), or free text when the company has none yet.
import { Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { BeatsResponse } from '../../../domain/bulk/types';
import { apiJson } from '../../api/client';

type Props = { companyId: string; value?: string; onChange: (v: unknown) => void; error?: React.ReactNode; onBlur?: () => void; onFocus?: () => void };

const LABEL = 'Beat';
const HINT = 'The beat (route) this order was taken on';

export function BeatField({ companyId, value, onChange, error, onBlur, onFocus }: Props) {
  const q = useQuery({ queryKey: ['d2r', 'beats'], queryFn: () => apiJson<BeatsResponse>('/api/d2r/beats'), staleTime: 60_000 });
  const beats = (q.data?.beats ?? []).filter((b) => !companyId || b.companyId === companyId);
  if (!beats.length) {
    return <TextInput label={LABEL} description={HINT} maxLength={64} value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value)} error={error} onBlur={onBlur} onFocus={onFocus} />;
  }
  return (
    <Select
      label={LABEL} description={HINT} clearable searchable value={value || null} error={error} onBlur={onBlur} onFocus={onFocus}
      onChange={(v) => onChange(v ?? '')}
      data={beats.map((b) => ({ value: b.id, label: `${b.name} (${b.storeIds.length} ${b.storeIds.length === 1 ? 'store' : 'stores'})` }))}
    />
  );
}
