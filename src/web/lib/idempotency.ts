import { useRef } from 'react';

/** The header every money-moving POST carries (DESIGN section 4). */
export const idempotencyHeader = (key: string) => ({ 'Idempotency-Key': key });

export const newKey = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);

/**
 * One key per user action: the same key while the request body stays the same (a retry of the
 * same action), a fresh one when the body changes or after `done()` (the action succeeded).
 */
export function useIdempotencyKey() {
  const current = useRef<{ signature: string; key: string } | null>(null);
  return {
    keyFor(body: unknown): string {
      const signature = JSON.stringify(body);
      if (current.current?.signature !== signature) current.current = { signature, key: newKey() };
      return current.current.key;
    },
    done() {
      current.current = null;
    },
  };
}
