import { useMemo } from 'react';
import type { TrackingLayout } from '../../../../domain/tracking-rules';
import { Timeline } from '../Timeline';
import { TrackingSummary } from '../TrackingSummary';
import { TrackPage } from '../TrackApp';
import { sampleTracking } from './sample';

export type LayoutPreviewProps = {
  layout: TrackingLayout;
  /** The seller's name (and profile logo) the live header shows when the layout has no logo. */
  seller?: { name: string; logoUrl: string | null } | null;
};

/** The public page as customers will see it, with a sample shipment, in the layout being edited. */
export function LayoutPreview({ layout, seller }: LayoutPreviewProps) {
  const sample = useMemo(sampleTracking, []);
  return (
    <div data-testid="layout-preview" aria-label="Preview of the tracking page" role="region">
      <TrackPage layout={layout} lang="en" preview seller={seller}>
        <TrackingSummary data={sample} lang="en" />
        <Timeline timeline={sample.timeline} lang="en" />
      </TrackPage>
    </div>
  );
}
