import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import Chart from './Chart';

// jsdom has no canvas: ECharts is replaced by an instance that records what it is told.
const instances: { setOption: ReturnType<typeof vi.fn>; resize: ReturnType<typeof vi.fn>; dispose: ReturnType<typeof vi.fn> }[] = [];
const init = vi.fn(() => {
  const instance = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
  instances.push(instance);
  return instance;
});
vi.mock('./echarts', () => ({ echarts: { init: (...args: unknown[]) => init(...(args as [])) } }));

describe('a chart of the big screen', () => {
  it('replaces its option whole, is made anew for a new language, and is disposed on unmount', async () => {
    const first = { series: [{ type: 'bar', data: [1] }] };
    const { rerender, unmount } = render(<Chart option={first} label="趋势" pixelRatio={2} />);
    expect(init).toHaveBeenLastCalledWith(expect.any(HTMLDivElement), undefined, { locale: 'ZH', devicePixelRatio: 2 });
    expect(instances[0]!.setOption).toHaveBeenLastCalledWith(first, { notMerge: true });

    const second = { series: [{ type: 'bar', data: [2] }] };
    rerender(<Chart option={second} label="趋势" pixelRatio={2} />);
    expect(instances[0]!.setOption).toHaveBeenLastCalledWith(second, { notMerge: true });
    expect(init).toHaveBeenCalledTimes(1);

    await changeLanguage('en');
    rerender(<Chart option={second} label="Trend" pixelRatio={2} />);
    expect(instances[0]!.dispose).toHaveBeenCalledTimes(1);
    expect(init).toHaveBeenLastCalledWith(expect.any(HTMLDivElement), undefined, { locale: 'EN', devicePixelRatio: 2 });
    expect(instances[1]!.setOption).toHaveBeenLastCalledWith(second, { notMerge: true });

    unmount();
    expect(instances[1]!.dispose).toHaveBeenCalledTimes(1);
  });
});
