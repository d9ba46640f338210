import { echarts } from './echarts';

/** The name the world map is registered under. */
export const WORLD = 'world';

let loading: Promise<void> | undefined;

/**
 * The countries of Natural Earth at 1:110m (world-atlas, TopoJSON), shipped with the console
 * in the lazy 'maps' chunk and registered with ECharts once: the map works without internet,
 * no tile server or CDN is asked.
 */
export function loadWorldMap(): Promise<void> {
  loading ??= Promise.all([import('world-atlas/countries-110m.json'), import('topojson-client')]).then(([atlas, topojson]) => {
    const topology = (atlas.default ?? atlas) as unknown as Parameters<typeof topojson.feature>[0];
    const countries = topojson.feature(topology, 'countries');
    echarts.registerMap(WORLD, countries as unknown as Parameters<typeof echarts.registerMap>[1]);
  });
  return loading;
}
