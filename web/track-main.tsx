// Entry of the public tracking page (/track/:awb): its own small bundle, plain
// React and CSS, none of the seller app (no Mantine, router or react-query).
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { TrackApp } from './features/tracking/TrackApp';
import { registerTrackingServiceWorker } from './features/tracking/register-sw';

const PREFIX = '/track/';

function awbFromLocation(): string {
  const { pathname } = window.location;
  if (!pathname.startsWith(PREFIX)) return '';
  try {
    return decodeURIComponent(pathname.slice(PREFIX.length).split('/')[0] ?? '');
  } catch {
    return '';
  }
}

function Standalone() {
  const [awb, setAwb] = useState(awbFromLocation);
  useEffect(() => {
    const onPop = () => setAwb(awbFromLocation());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = (next: string) => {
    window.history.pushState(null, '', `${PREFIX}${encodeURIComponent(next)}`);
    setAwb(next);
  };
  return <TrackApp awb={awb} onNavigate={navigate} />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Standalone />
  </StrictMode>,
);

registerTrackingServiceWorker();
