import type { HourBand } from '../rules';

/** What the figures count: the whole project, one gateway, one loop of a gateway, or one device group. */
export type Dimension = 'project' | 'gateway' | 'loop' | 'group';
export const DIMENSIONS: readonly Dimension[] = ['project', 'gateway', 'loop', 'group'];

/** What a scope needs listed to be chosen (without 'pc:'): the gateway list, the device groups. */
export const DIMENSION_PERMISSIONS: Partial<Record<Dimension, string>> = {
  gateway: 'lighting:gateway:list',
  loop: 'lighting:gateway:list',
  group: 'device:group:list',
};

/** The flags of a bucket (a bitmask): a meter counter reset, a gap in the readings, an implausible jump. */
export const ENERGY_FLAGS = [
  { bit: 1, key: 'reset', colour: 'orange' },
  { bit: 2, key: 'gap', colour: 'blue' },
  { bit: 4, key: 'jump', colour: 'red' },
] as const;
export type EnergyFlag = (typeof ENERGY_FLAGS)[number]['key'];

/** The flags a bitmask holds, in their order. */
export function flagsOf(mask: number): EnergyFlag[] {
  return ENERGY_FLAGS.filter((flag) => (mask & flag.bit) !== 0).map((flag) => flag.key);
}

/** The tariff bands' colours, on the charts and in the hour band editor: peak red, flat gold, valley green. */
export const BAND_COLOURS: Record<HourBand, string> = { P: '#ff7875', F: '#ffc53d', V: '#73d13d' };
/** The baseline's colour on the charts. */
export const BASELINE_COLOUR = '#1677ff';
/** The compared period's colour. */
export const COMPARED_COLOUR = '#bfbfbf';

/** How many loops the ranking shows. */
export const RANKING_LIMIT = 10;
