// The browser's location, asked for once and only after the screen has said why (DESIGN section 10:
// "Near me" asks first and works without it; an owner may fill the business's coordinates from it).

export type PositionFailure = 'unsupported' | 'denied' | 'unavailable' | 'timeout';

export class PositionError extends Error {
  constructor(public readonly reason: PositionFailure) {
    super(reason);
  }
}

export interface Position {
  latitude: number;
  longitude: number;
}

/** One reading of where the browser is; rejects with a PositionError saying why not. */
export function currentPosition({ timeoutMs = 10_000 }: { timeoutMs?: number } = {}): Promise<Position> {
  const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
  if (!geolocation) return Promise.reject(new PositionError('unsupported'));
  return new Promise((resolve, reject) => {
    geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(new PositionError(error.code === 1 ? 'denied' : error.code === 3 ? 'timeout' : 'unavailable')),
      // A coarse, recent reading is enough to sort by distance, and comes faster than GPS.
      { enableHighAccuracy: false, maximumAge: 5 * 60_000, timeout: timeoutMs },
    );
  });
}

/** What went wrong, in words a person can act on. */
export function positionFailureMessage(reason: PositionFailure): string {
  switch (reason) {
    case 'unsupported':
      return 'This browser cannot share a location.';
    case 'denied':
      return 'Location access was turned down. You can allow it for this site in your browser settings and try again.';
    case 'timeout':
      return 'Finding your location took too long. Please try again.';
    default:
      return 'Your location could not be found right now. Please try again.';
  }
}

export const failureOf = (error: unknown): PositionFailure => (error instanceof PositionError ? error.reason : 'unavailable');
