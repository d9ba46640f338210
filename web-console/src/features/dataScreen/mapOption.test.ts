import { describe, expect, it, vi } from 'vitest';
import { mapOption } from './mapOption';

vi.mock('./worldMap', () => ({ WORLD: 'world', loadWorldMap: () => Promise.resolve() }));

const HANGZHOU: [number, number] = [120.2108, 30.2084];
const marker = (option: ReturnType<typeof mapOption>) => (option.series as { type: string; zlevel?: number; rippleEffect?: unknown }[])[0];

describe('the big screen map', () => {
  it('marks the place with a ripple on a canvas layer of its own', () => {
    const option = mapOption(HANGZHOU, '滨江景观照明示范项目', false);
    expect(marker(option)).toMatchObject({ type: 'effectScatter', zlevel: 1, data: [{ name: '滨江景观照明示范项目', value: HANGZHOU }] });
    expect(option.geo).toMatchObject({ center: HANGZHOU, zoom: 6 });
  });

  it('marks it with a still marker for a viewer who asked for less motion', () => {
    const still = marker(mapOption(HANGZHOU, '滨江景观照明示范项目', true));
    expect(still?.type).toBe('scatter');
    expect(still?.rippleEffect).toBeUndefined();
  });

  it('shows the whole country and no marker for a project not located', () => {
    const option = mapOption(undefined, '滨江景观照明示范项目', false);
    expect(option.series).toEqual([]);
    expect(option.geo).toMatchObject({ center: [105, 35], zoom: 1.2 });
  });
});
