/** A rectangle in WGS84 degrees; south-west and north-east corners. */
export interface BoundingBox {
  minLongitude: number;
  minLatitude: number;
  maxLongitude: number;
  maxLatitude: number;
}

export type BoundingBoxResult = { ok: true; box: BoundingBox } | { ok: false; message: string };

const NUMBER = /^-?\d{1,3}(\.\d{1,12})?$/;

/**
 * `bbox=minLongitude,minLatitude,maxLongitude,maxLatitude` (the order of GeoJSON and of Leaflet's
 * `LatLngBounds.toBBoxString()`). Refuses anything that is not four plain decimal numbers, a corner
 * outside the globe, and inverted boxes (a box across the antimeridian is not needed for the
 * Baltic network and is refused too).
 */
export function parseBoundingBox(value: string): BoundingBoxResult {
  const parts = value.split(',');
  if (parts.length !== 4 || !parts.every((part) => NUMBER.test(part.trim()))) {
    return {
      ok: false,
      message: 'This value should be four numbers: minLongitude,minLatitude,maxLongitude,maxLatitude.',
    };
  }
  const [minLongitude, minLatitude, maxLongitude, maxLatitude] = parts.map((part) => Number(part.trim())) as [
    number,
    number,
    number,
    number,
  ];
  if ([minLongitude, maxLongitude].some((longitude) => longitude < -180 || longitude > 180)) {
    return { ok: false, message: 'Longitudes should be between -180 and 180.' };
  }
  if ([minLatitude, maxLatitude].some((latitude) => latitude < -90 || latitude > 90)) {
    return { ok: false, message: 'Latitudes should be between -90 and 90.' };
  }
  if (minLongitude > maxLongitude || minLatitude > maxLatitude) {
    return { ok: false, message: 'The box is inverted: the minimum should not be greater than the maximum.' };
  }
  return { ok: true, box: { minLongitude, minLatitude, maxLongitude, maxLatitude } };
}

/** `near=latitude,longitude`: a point to order results by distance from. */
export function parsePoint(value: string): { latitude: number; longitude: number } | null {
  const parts = value.split(',');
  if (parts.length !== 2 || !parts.every((part) => NUMBER.test(part.trim()))) return null;
  const [latitude, longitude] = parts.map((part) => Number(part.trim())) as [number, number];
  if (latitude < -90 || latitude > 90 || longitude < -180 || longitude > 180) return null;
  return { latitude, longitude };
}
