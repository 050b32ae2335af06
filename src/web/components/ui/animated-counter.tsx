import { useEffect, useState } from 'react';
import { COUNT_UP_DURATION_MS, COUNT_UP_STEPS, countUpValue } from './count-up';

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** A number that counts up from 0 to `value` once, on mount (straight to the value for reduced motion). */
export function AnimatedCounter({ value, prefix = '', className }: { value: number; prefix?: string; className?: string }) {
  const [step, setStep] = useState(() => (prefersReducedMotion() ? COUNT_UP_STEPS : 0));
  useEffect(() => {
    if (prefersReducedMotion()) return;
    let current = 0;
    const timer = setInterval(() => {
      current += 1;
      setStep(current);
      if (current >= COUNT_UP_STEPS) clearInterval(timer);
    }, COUNT_UP_DURATION_MS / COUNT_UP_STEPS);
    return () => clearInterval(timer);
  }, [value]);
  const done = step >= COUNT_UP_STEPS;
  return (
    <span className={className} data-done={done ? 'true' : 'false'}>
      {prefix}
      {countUpValue(value, step).toLocaleString('en-US')}
    </span>
  );
}
