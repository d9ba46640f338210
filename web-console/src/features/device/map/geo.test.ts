import { describe, expect, it } from 'vitest';
import { DEFAULT_TILE_URL, startView, tileUrl, toViewport } from './geo';

describe('map rules', () => {
  it('takes the tiles from map.style with {key} from map.key, else the keyless default', () => {
    expect(tileUrl('', '')).toBe(DEFAULT_TILE_URL);
    expect(tileUrl(undefined, undefined)).toBe(DEFAULT_TILE_URL);
    expect(tileUrl(' https://t.example/{z}/{x}/{y}.png?k={key} ', 'a b')).toBe('https://t.example/{z}/{x}/{y}.png?k=a%20b');
    expect(tileUrl('https://t.example/{z}/{x}/{y}.png', 'k')).toBe('https://t.example/{z}/{x}/{y}.png');
    // a vendor's style name is not a tile template
    expect(tileUrl('amap://styles/dark', 'k')).toBe(DEFAULT_TILE_URL);
  });

  it('cuts the viewport to one world, rounds it, and drops an empty one', () => {
    expect(toViewport({ west: -250, south: -95, east: 190, north: 95 }, 1.4)).toEqual({
      minLng: -180,
      minLat: -90,
      maxLng: 180,
      maxLat: 90,
      zoom: 1,
    });
    expect(toViewport({ west: 120.12345678, south: 30.1, east: 120.3, north: 30.3 }, 13)).toEqual({
      minLng: 120.123457,
      minLat: 30.1,
      maxLng: 120.3,
      maxLat: 30.3,
      zoom: 13,
    });
    expect(toViewport({ west: 190, south: 0, east: 250, north: 10 }, 5)).toBeUndefined();
  });

  it('opens at the project, at its map level', () => {
    expect(startView({ longitude: 120.2108, latitude: 30.2084, mapLevel: 15 })).toEqual({ centre: [30.2084, 120.2108], zoom: 15 });
    expect(startView({ longitude: null, latitude: null, mapLevel: 15 }).zoom).toBe(4);
    expect(startView(undefined).centre).toEqual([35, 104]);
  });
});
