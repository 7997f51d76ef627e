import { createFileRoute } from '@tanstack/react-router';
import { BulkPage } from '../features/bulk/BulkPage';

export const Route = createFileRoute('/_authed/bulk/')({
  component: BulkPage,
});
