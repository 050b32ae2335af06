import { z } from 'zod';

// Where the business is (DESIGN section 10): latitude and longitude, both or neither, so "Near me" can
// sort by distance. Typed as text in the form and checked here before anything is sent.

export interface CoordinateTexts {
  latitude: string;
  longitude: string;
}

const coordinate = (label: string, limit: number) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (/^[-+]?\d{1,3}(\.\d+)?$/.test(v) && Math.abs(Number(v)) <= limit), `${label} must be a number between -${limit} and ${limit}`);

/** The two texts → both numbers or both null; one without the other is refused on the empty one. */
export const coordinatesSchema = z
  .object({ latitude: coordinate('Latitude', 90), longitude: coordinate('Longitude', 180) })
  .superRefine((v, ctx) => {
    if ((v.latitude === '') !== (v.longitude === '')) {
      ctx.addIssue({ code: 'custom', path: [v.latitude === '' ? 'latitude' : 'longitude'], message: 'Enter both latitude and longitude, or leave both empty' });
    }
  })
  .transform((v) => (v.latitude === '' ? { latitude: null, longitude: null } : { latitude: Number(v.latitude), longitude: Number(v.longitude) }));

export type Coordinates = z.output<typeof coordinatesSchema>;

/** A business's saved coordinates as the form's texts ('' when it has none). */
export const coordinateTexts = (latitude: number | null, longitude: number | null): CoordinateTexts => ({
  latitude: latitude === null ? '' : String(latitude),
  longitude: longitude === null ? '' : String(longitude),
});

/** "40.7128, -74.006": how the settings show a location. */
export const formatCoordinates = (latitude: number | null, longitude: number | null) => (latitude === null || longitude === null ? null : `${latitude}, ${longitude}`);
