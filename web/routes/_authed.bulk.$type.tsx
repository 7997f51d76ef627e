import { useEffect, useState } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { isBulkType } from '../../domain/bulk/types';
import { BulkPreview } from '../features/bulk/BulkPreview';
import { peekPendingUpload } from '../features/bulk/pending';

/** /bulk/<type>: the preview of the file chosen on /bulk (or in the orders page's modal); without one, back to /. */
export const Route = createFileRoute('/_authed/bulk/$type')({
  component: BulkPreviewRoute,
});

function BulkPreviewRoute() {
  const { type } = Route.useParams();
  const navigate = useNavigate();
  const [upload] = useState(() => (isBulkType(type) ? peekPendingUpload(type) : null));
  useEffect(() => {
    if (!upload) void navigate({ to: '/', replace: true });
  }, [upload, navigate]);
  if (!upload) return null;
  return <BulkPreview key={type} upload={upload} />;
}
