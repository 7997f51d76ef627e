import type { DataTableColumn } from '../../ui/DataTable';
import { formatDateTime } from './format';

/** The columns the admin lists share: a person's (or a place's) name in bold, phone, e-mail, and when the row was created. */
export const NAME_COLUMN: DataTableColumn<{ name: string }> = { key: 'name', header: 'Name', cell: (r) => r.name, cellProps: () => ({ fw: 500 }) };
export const PHONE_COLUMN: DataTableColumn<{ phone: string }> = { key: 'phone', header: 'Phone', cell: (r) => r.phone };
export const EMAIL_COLUMN: DataTableColumn<{ email: string }> = { key: 'email', header: 'Email', cell: (r) => r.email };
export const CREATED_COLUMN: DataTableColumn<{ createdAt: string }> = { key: 'created', header: 'Created', cell: (r) => formatDateTime(r.createdAt) };
