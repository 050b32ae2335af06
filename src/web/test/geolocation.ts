import { vi } from 'vitest';

// The browser's geolocation as a test wants it: a position, a refusal, or none at all. Restore it after.

type Answer = { latitude: number; longitude: number } | { code: 1 | 2 | 3 } | 'missing';

const original = Object.getOwnPropertyDescriptor(navigator, 'geolocation');

/** navigator.geolocation answers every request with `answer`; returns the spy, to see whether it was asked. */
export function mockGeolocation(answer: Answer) {
  const getCurrentPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
    if (answer === 'missing') return;
    if ('code' in answer) failure?.({ code: answer.code, message: 'refused', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
    else success({ coords: { latitude: answer.latitude, longitude: answer.longitude, accuracy: 30 }, timestamp: Date.now() } as GeolocationPosition);
  });
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: answer === 'missing' ? undefined : { getCurrentPosition } });
  return getCurrentPosition;
}

export function restoreGeolocation() {
  if (original) Object.defineProperty(navigator, 'geolocation', original);
  else delete (navigator as { geolocation?: unknown }).geolocation;
}
