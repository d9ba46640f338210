import { useState } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { showLoading, hideLoading } from '../lib/loading';
import * as pagination from '../lib/pagination';
import type { ToolbarColumn } from '../lib/columns';
import { renderWithProviders } from '../test/renderWithProviders';
import { HasPermi, HasRole } from './Access';
import AppDialog from './AppDialog';
import AutoWidthButton from './AutoWidthButton';
import DeviceHeightSlider from './DeviceHeightSlider';
import LoadingMask from './LoadingMask';
import NumberInput from './NumberInput';
import Pagination from './Pagination';
import RightToolbar from './RightToolbar';
import TreeSelector from './TreeSelector';

describe('Pagination', () => {
  function Paged({ onChange }: { onChange: (value: { page: number; limit: number }) => void }) {
    const [value, setValue] = useState({ page: 2, limit: 20 });
    return (
      <Pagination
        total={95}
        page={value.page}
        limit={value.limit}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    );
  }

  it('shows total, sizes, pager and jumper; resets bad jumps to page 1 and scrolls up in 800 ms', async () => {
    const scroll = vi.spyOn(pagination, 'scrollTo').mockImplementation(() => undefined);
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Paged onChange={onChange} />);
    const nav = screen.getByRole('navigation', { name: '分页' });
    expect(nav).toHaveTextContent('共 95 条');
    expect(within(nav).getByText('20条/页')).toBeInTheDocument();

    const jump = within(nav).getByLabelText('前往');
    await user.type(jump, '4{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ page: 4, limit: 20 });
    await user.type(jump, '9{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, limit: 20 });
    await user.type(jump, '0{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, limit: 20 });
    await user.click(within(nav).getByTitle('3'));
    expect(onChange).toHaveBeenLastCalledWith({ page: 3, limit: 20 });
    expect(scroll).toHaveBeenCalledWith(0, 800);
  });

  it('hides when asked', () => {
    renderWithProviders(<Pagination total={0} hidden onChange={() => undefined} />);
    expect(screen.queryByRole('navigation', { name: '分页' })).not.toBeInTheDocument();
  });
});

describe('RightToolbar', () => {
  it('toggles search, refreshes, and keeps at least one column visible', async () => {
    const onColumns = vi.fn<(columns: ToolbarColumn[]) => void>();
    const onRefresh = vi.fn();
    const onSearch = vi.fn();
    const columns = [
      { key: 'name', label: '名称', visible: true },
      { key: 'code', label: '编码', visible: false },
    ];
    const { user } = renderWithProviders(
      <RightToolbar columns={columns} onColumnsChange={onColumns} showSearch onToggleSearch={onSearch} onRefresh={onRefresh} />,
    );
    await user.click(screen.getByRole('button', { name: '隐藏搜索' }));
    await user.click(screen.getByRole('button', { name: '刷新' }));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: '显隐列' }));
    const list = await screen.findByRole('group', { name: '显隐列' });
    expect(within(list).getByRole('checkbox', { name: '名称' })).toBeDisabled();
    await user.click(within(list).getByRole('checkbox', { name: '编码' }));
    expect(onColumns).toHaveBeenCalledWith([
      { key: 'name', label: '名称', visible: true },
      { key: 'code', label: '编码', visible: true },
    ]);
  });
});

describe('inputs', () => {
  it('the device-height slider: vertical, 0 to 1000, 1000 at first, 400 px tall', () => {
    renderWithProviders(<DeviceHeightSlider />);
    const slider = screen.getByRole('slider', { name: '设备高度' });
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '1000');
    expect(slider).toHaveAttribute('aria-valuenow', '1000');
    expect(slider).toHaveAttribute('aria-orientation', 'vertical');
    expect(screen.getByTestId('device-height-slider')).toHaveStyle({ height: '400px' });
  });

  it('the tree selector builds the tree from a flat list and starts at id 1', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <TreeSelector
        nodes={[
          { id: 1, parentId: 0, name: '滨江区' },
          { id: 2, parentId: 1, name: '江南大道' },
        ]}
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: '选择节点' });
    expect(select.closest('.ant-select')).toHaveTextContent('滨江区');
    await user.click(select);
    await user.click(await screen.findByTitle('江南大道'));
    expect(onChange).toHaveBeenCalledWith('2');
  });

  it('the number input keeps digits and one dot, within the mode', async () => {
    function Numbers() {
      const [integer, setInteger] = useState('');
      const [decimal, setDecimal] = useState('');
      return (
        <>
          <NumberInput aria-label="integer" mode={0} value={integer} onChange={setInteger} />
          <NumberInput aria-label="decimal" mode={2} value={decimal} onChange={setDecimal} />
        </>
      );
    }
    const { user } = renderWithProviders(<Numbers />);
    await user.type(screen.getByLabelText('integer'), '1a2.5');
    expect(screen.getByLabelText('integer')).toHaveValue('125');
    await user.type(screen.getByLabelText('decimal'), '3.14159');
    expect(screen.getByLabelText('decimal')).toHaveValue('3.14');
  });

  it('buttons are as wide as their text says', () => {
    renderWithProviders(
      <>
        <AutoWidthButton text="新增" />
        <AutoWidthButton text="批量删除" />
      </>,
    );
    expect(screen.getByRole('button', { name: '新增' })).toHaveStyle({ width: '50px' });
    expect(screen.getByRole('button', { name: '批量删除' })).toHaveStyle({ width: '96px' });
  });
});

describe('access gates', () => {
  const state = (permissions: string[], roles: string[]) => ({
    preloadedState: {
      auth: { token: 't', user: null, roles, permissions, defaultMenu: '', projectId: undefined, projectName: '', menuModule: '1' },
    },
  });

  it('show their children only with the permission (pc: prefixed) or role', () => {
    renderWithProviders(
      <>
        <HasPermi value={['system:user:add']}>
          <span>add</span>
        </HasPermi>
        <HasPermi value={['system:user:add', 'system:user:remove']} all>
          <span>add and remove</span>
        </HasPermi>
        <HasRole value={['ROLE_X']}>
          <span>role x</span>
        </HasRole>
      </>,
      state(['pc:system:user:add'], ['ROLE_DEFAULT']),
    );
    expect(screen.getByText('add')).toBeInTheDocument();
    expect(screen.queryByText('add and remove')).not.toBeInTheDocument();
    expect(screen.queryByText('role x')).not.toBeInTheDocument();
  });

  it('throw the spec messages when misconfigured', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // The route's error boundary shows what was thrown.
    const permission = renderWithProviders(
      <HasPermi value={[]}>
        <span />
      </HasPermi>,
    );
    expect(await screen.findByText('请设置操作权限标签值')).toBeInTheDocument();
    permission.unmount();
    renderWithProviders(
      <HasRole value={undefined}>
        <span />
      </HasRole>,
    );
    expect(await screen.findByText('请设置角色权限标签值')).toBeInTheDocument();
  });
});

describe('dialogs and the loading mask', () => {
  it('dialogs are 500px or 50% wide and ignore backdrop clicks', async () => {
    const onCancel = vi.fn();
    renderWithProviders(
      <AppDialog open size="half" title="对话框" onCancel={onCancel}>
        body
      </AppDialog>,
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '50%' });
    fireEvent.click(document.querySelector('.ant-modal-wrap') as Element);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('the mask shows and hides on the loading event', () => {
    renderWithProviders(<LoadingMask />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => showLoading('正在下载'));
    expect(screen.getByRole('status', { name: '正在下载' })).toBeInTheDocument();
    act(() => hideLoading());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
