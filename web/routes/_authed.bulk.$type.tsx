import { useEffect, useState } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { isBulkType } from '../../domain/bulk/types';
import { prefetchAll } from '../api/prefetch';
import { bulkStoresQuery } from '../features/bulk/api';
import { BulkPreview } from '../features/bulk/BulkPreview';
import { peekPendingUpload } from '../features/bulk/pending';

/** /bulk/<type>: the preview of the file chosen on /bulk (or in the orders page's modal); without one, back to /. */
export const Route = createFileRoute('/_authed/bulk/$type')({
  // With a file to preview, the store choice (of a type whose rows go to one store) loads while the file is parsed.
  loader: ({ context, params }) => {
    const upload = peekPendingUpload(params.type);
    return upload ? prefetchAll(context.queryClient, [bulkStoresQuery(context.session, upload.type)]) : undefined;
  },
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
