import { useEffect, useState } from 'react';

/** The time now, renewed every `everyMs` (30 s by default), so a rule of time shown on screen follows the clock. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
