import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { TrackApp } from '../features/tracking/TrackApp';

// Served on its own (web/track.html, a small bundle) when /track/:awb is opened
// directly; this route renders the same page when the app navigates here itself
// (and in the dev server).
export const Route = createFileRoute('/track/$awb')({ component: TrackRoute });

function TrackRoute() {
  const { awb } = Route.useParams();
  const navigate = useNavigate();
  return <TrackApp awb={awb} onNavigate={(next) => navigate({ to: '/track/$awb', params: { awb: next } })} />;
}
