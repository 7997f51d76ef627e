import { queryOptions } from '@tanstack/react-query';
import type { TrackingLayout, TrackingLayoutResponse, TrackingLayoutSavedResponse } from '../../../../domain/tracking';
import { apiJson } from '../../../api/client';

/** GET /api/ums/profile/get-tracking-layout */
export type TrackingLayoutAnswer = TrackingLayoutResponse;

export const trackingLayoutQuery = queryOptions({
  queryKey: ['ums', 'tracking-layout'],
  queryFn: ({ signal }) => apiJson<TrackingLayoutAnswer>('/api/ums/profile/get-tracking-layout', { signal }),
});

/** Saves the layout, or resets it to the default with `null`. Returns the server's message. */
export async function saveTrackingLayout(trackingLayout: TrackingLayout | null): Promise<string> {
  const r = await apiJson<TrackingLayoutSavedResponse>('/api/ums/profile/tracking-layout', { method: 'PATCH', body: { trackingLayout } });
  return r.message;
}
