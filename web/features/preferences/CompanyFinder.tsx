import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CompanyMatch, FindCompaniesResponse } from '../../../domain/preferences';
import { apiJson } from '../../api/client';

export type CompanyFinderProps = {
  value: string | null;
  onChange: (companyId: string | null, name: string | null) => void;
  label?: string;
  /** The chosen company's name when the page already knows it (opened with a company): shown though no search found it. */
  known?: { id: string; name: string };
};

/** Admin: choose a company by typing part of its name (GET /ums/profile/companies/find, 700 ms debounce). */
export function CompanyFinder({ value, onChange, label = 'Company', known }: CompanyFinderProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 700);
  const q = useQuery<CompanyMatch[]>({
    queryKey: ['companies', 'find', debounced],
    queryFn: ({ signal }) => apiJson<FindCompaniesResponse>(`/api/ums/profile/companies/find?companyName=${encodeURIComponent(debounced)}`, { signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const data = (q.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  if (known && known.id === value && !data.some((d) => d.value === value)) data.unshift({ value: known.id, label: known.name });
  return (
    <Select
      label={label}
      placeholder="Type a company name"
      searchable
      clearable
      maw={360}
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={q.isFetching ? 'Searching…' : 'No company found'}
      onChange={(id) => onChange(id, data.find((d) => d.value === id)?.label ?? null)}
    />
  );
}
