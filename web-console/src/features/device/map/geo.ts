import type { MapViewport } from '../types';

/** The keyless default tile source, when the config entry map.style is empty. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_ATTRIBUTION = '&copy; OpenStreetMap contributors';
/** Where the map opens for a project without a location: China, whole. */
export const DEFAULT_CENTRE: [number, number] = [35.0, 104.0];
export const DEFAULT_ZOOM = 4;
/** The deepest zoom the server takes (and tile sources commonly serve). */
export const MAX_ZOOM = 18;
/** How long the map must rest before its viewport is asked for (ms). */
export const VIEWPORT_DEBOUNCE_MS = 300;

/**
 * The XYZ template of the tiles: map.style when it is one (it names {z}, {x} and {y}), else
 * the keyless default; {key} is replaced by map.key. Anything else in map.style (a vendor's
 * style name) cannot be drawn by an XYZ layer, so the default is used.
 */
export function tileUrl(style: string | undefined, key: string | undefined): string {
  const template = (style ?? '').trim();
  const isXyz = ['{z}', '{x}', '{y}'].every((part) => template.includes(part));
  return (isXyz ? template : DEFAULT_TILE_URL).split('{key}').join(encodeURIComponent((key ?? '').trim()));
}

/** Whether the tiles are the default's, which ask for their attribution. */
export function isDefaultTiles(url: string): boolean {
  return url === DEFAULT_TILE_URL;
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The viewport the server is asked for: the map's bounds cut to the one world the server
 * knows (a map panned across the antimeridian shows more than 360 degrees), rounded so a
 * resting map asks the same thing twice; undefined when nothing of the world is in view.
 */
export function toViewport(
  bounds: { west: number; south: number; east: number; north: number },
  zoom: number,
): MapViewport | undefined {
  const minLng = round(clamp(bounds.west, -180, 180));
  const maxLng = round(clamp(bounds.east, -180, 180));
  const minLat = round(clamp(bounds.south, -90, 90));
  const maxLat = round(clamp(bounds.north, -90, 90));
  if (minLng >= maxLng || minLat >= maxLat) return undefined;
  return { minLng, minLat, maxLng, maxLat, zoom: clamp(Math.round(zoom), 0, 22) };
}

/** Where the map opens: the project's location at its map level, or the default. */
export function startView(location?: { longitude: number | null; latitude: number | null; mapLevel?: number }): {
  centre: [number, number];
  zoom: number;
} {
  if (location && typeof location.longitude === 'number' && typeof location.latitude === 'number') {
    const level = typeof location.mapLevel === 'number' && location.mapLevel > 0 ? location.mapLevel : 12;
    return { centre: [location.latitude, location.longitude], zoom: clamp(level, 3, MAX_ZOOM) };
  }
  return { centre: DEFAULT_CENTRE, zoom: DEFAULT_ZOOM };
}
