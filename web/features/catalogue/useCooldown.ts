import { useCallback, useEffect, useState } from 'react';

/** A button that rests for `ms` after each click: seconds left (0 = ready) and a start function. */
export function useCooldown(ms: number) {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const t = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(t);
  }, [until, now]);
  const start = useCallback(() => {
    const t = Date.now();
    setNow(t);
    setUntil(t + ms);
  }, [ms]);
  return { secondsLeft: Math.max(0, Math.ceil((until - now) / 1000)), start };
}
