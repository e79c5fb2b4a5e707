// How far apart two places on the Earth are, and whether a car stands inside a circle around one
// (the shop's lot): the great-circle distance on a sphere of the Earth's mean radius. Over a lot's
// few hundred metres the sphere is off by far less than a car's GPS fix, so nothing finer is needed.
// Pure, for main and the window alike.

export interface GeoPoint {
  /** Degrees, −90 to 90. */
  latitude: number;
  /** Degrees, −180 to 180. */
  longitude: number;
}

/** The Earth's mean radius (IUGG), metres. */
const EARTH_RADIUS_M = 6_371_008.8;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** A latitude and longitude a place can have. */
export function isGeoPoint(point: Partial<GeoPoint>): point is GeoPoint {
  const { latitude, longitude } = point;
  return (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}

/** The great-circle distance between two points, metres (haversine: exact for short distances too). */
export function distanceMetres(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A circle on the ground: its centre and radius in metres. */
export interface GeoCircle extends GeoPoint {
  radiusM: number;
}

/** Whether the point lies inside the circle or on its edge. */
export function insideCircle(point: GeoPoint, circle: GeoCircle): boolean {
  return distanceMetres(point, circle) <= circle.radiusM;
}
