import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import type { MockRequest } from '../../../test/fetchMock';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { COMMUNICATION_ROWS, deviceBackend, eventRefused, ok, refused, telemetryTaken } from '../fixtures';

/**
 * The page's module (and the antd parts it brings) is loaded once before the tests, outside
 * their 15-second waits: on a busy machine the first lazy import of a file can take longer.
 */
beforeAll(async () => {
  await import('./CommunicationPage');
}, 120_000);

beforeEach(() => {
  // today is 2026-05-10 (the clock only: timers run as ever)
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-10T10:00:00'));
});
afterEach(() => {
  vi.useRealTimers();
});

const ROUTE = '/device/communication';
const LIST = 'GET /device/communication/list';
const CROSS_MONTH_ZH = '通信记录不支持跨月查询';
const CROSS_MONTH_EN = 'Communication records cannot be queried across months';
/** The month so far: the days searched at first. */
const MONTH_SO_FAR = { 'params[beginTime]': '2026-05-01', 'params[endTime]': '2026-05-10' };

/** A record's row, found by the time it was recorded. */
const rowOf = async (recordTime: string) => (await screen.findByText(recordTime)).closest('tr') as HTMLElement;

const searchForm = (search = '搜索') => screen.getByRole('button', { name: search }).closest('form') as HTMLElement;

const queryOf = (request: MockRequest | undefined) => Object.fromEntries(request?.query ?? []);
const lastQuery = (callsTo: (key: string) => MockRequest[]) => queryOf(callsTo(LIST).at(-1));

/** Types the range's days into its two inputs, each confirmed. */
async function pickDays(user: UserEvent, begin: string, end: string, placeholders = ['开始日期', '结束日期']) {
  const [from, to] = placeholders.map((placeholder) => screen.getByPlaceholderText(placeholder));
  if (!from || !to) throw new Error('no range inputs');
  await user.click(from);
  await user.clear(from);
  await user.type(from, begin);
  await user.keyboard('{Enter}');
  await user.clear(to);
  await user.type(to, end);
  await user.keyboard('{Enter}');
}

describe('the communication records page', () => {
  it("lists the project's messages: time, gateway, direction, channel, outcome, sequence, size, reason, payload", async () => {
    signInWithProject();
    const { callsTo } = deviceBackend();
    renderApp({ route: ROUTE });
    for (const title of ['记录时间', '网关', '方向', '通道', '结果', '序号/关联号', '报文大小', '原因', '报文']) {
      expect(await screen.findByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    // the gateway's own time is there to show, not shown at first
    expect(screen.queryByRole('columnheader', { name: '设备时间' })).not.toBeInTheDocument();

    // the north gateway's telemetry, taken
    const telemetry = await rowOf('2026-05-10 09:59:59');
    for (const text of ['北区网关', 'GW-0007', '遥测', '1042', '1,187 字节', '-']) expect(within(telemetry).getByText(text)).toBeInTheDocument();
    expect(within(telemetry).getByText('上行')).toHaveClass('ant-tag-blue');
    expect(within(telemetry).getByText('已接收')).toHaveClass('ant-tag-success');
    // the payload on one line, as sent, left out of the language walk
    expect(within(telemetry).getByText(telemetryTaken.payload)).toHaveAttribute('translate', 'no');

    // the platform's command and the gateway's acknowledgement, by the command's correlation
    const command = await rowOf('2026-05-10 09:58:00');
    for (const text of ['指令', '已发送', '关联号', 'cmd-502', '96 字节']) expect(within(command).getByText(text)).toBeInTheDocument();
    expect(within(command).getByText('下行')).toHaveClass('ant-tag-purple');
    const ack = await rowOf('2026-05-10 09:58:01');
    for (const text of ['应答', '已接收', '1041', 'cmd-502']) expect(within(ack).getByText(text)).toBeInTheDocument();
    expect(within(await rowOf('2026-05-10 09:57:30')).getByText('重复')).toHaveClass('ant-tag-orange');

    // the south gateway's event, refused with the protocol's reason (as recorded), its payload cut
    const event = await rowOf('2026-05-10 09:50:02');
    for (const text of ['南区网关', 'GW-0008', '事件', '77', '12,288 字节', '已截断']) expect(within(event).getByText(text)).toBeInTheDocument();
    expect(within(event).getByText('已拒收')).toHaveClass('ant-tag-error');
    expect(within(event).getByText('unknown event kind: door_open')).toHaveAttribute('translate', 'no');
    expect(within(await rowOf('2026-05-10 09:45:00')).getByText('心跳')).toBeInTheDocument();

    // read only: each row's payload, no other buttons
    for (const name of ['新增', '删除', '导出']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^查看报文 通信记录 \d+$/ })).toHaveLength(COMMUNICATION_ROWS.length);

    // the month so far, shown and asked for
    expect(screen.getByPlaceholderText('开始日期')).toHaveValue('2026-05-01');
    expect(screen.getByPlaceholderText('结束日期')).toHaveValue('2026-05-10');
    const first = callsTo(LIST)[0];
    expect(queryOf(first)).toEqual({ pageNum: '1', pageSize: '20', ...MONTH_SO_FAR });
    expect(first?.headers.get('ProjectId')).toBe('1');
    // the gateway filter's choices: the first 500 of the gateway list
    await waitFor(() => expect(callsTo('GET /lighting/gateway/list')).toHaveLength(1));
    expect(callsTo('GET /lighting/gateway/list')[0]?.query.get('pageSize')).toBe('500');
  });

  it('searches by gateway, direction, channel, outcome and days of one month; a reset goes back to the month so far', async () => {
    signInWithProject();
    const { callsTo } = deviceBackend();
    const { user } = renderApp({ route: ROUTE });
    await rowOf('2026-05-10 09:59:59');
    const form = searchForm();
    await selectOption(user, form, '网关', '北区网关 (GW-0007)');
    await selectOption(user, form, '方向', '上行');
    expect(screen.getByTitle('下行')).toBeInTheDocument();
    await selectOption(user, form, '通道', '遥测');
    for (const channel of ['心跳', '事件', '应答', '指令']) expect(screen.getByTitle(channel)).toBeInTheDocument();
    await selectOption(user, form, '结果', '已接收');
    for (const outcome of ['重复', '已拒收', '已发送']) expect(screen.getByTitle(outcome)).toBeInTheDocument();
    await pickDays(user, '2026-05-02', '2026-05-08');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastQuery(callsTo).channel).toBe('telemetry'));
    expect(lastQuery(callsTo)).toEqual({
      pageNum: '1',
      pageSize: '20',
      gatewayId: '7',
      direction: 'up',
      channel: 'telemetry',
      outcome: 'accepted',
      'params[beginTime]': '2026-05-02',
      'params[endTime]': '2026-05-08',
    });

    // reset: every filter cleared, the days back to the month so far
    await user.click(within(form).getByRole('button', { name: '重置' }));
    expect(screen.getByPlaceholderText('开始日期')).toHaveValue('2026-05-01');
    expect(screen.getByPlaceholderText('结束日期')).toHaveValue('2026-05-10');
    await selectOption(user, form, '通道', '心跳');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastQuery(callsTo).channel).toBe('heartbeat'));
    expect(lastQuery(callsTo)).toEqual({ pageNum: '1', pageSize: '20', channel: 'heartbeat', ...MONTH_SO_FAR });
  });

  it("refuses days across two months with the server's words, and sends nothing", async () => {
    signInWithProject();
    const { callsTo } = deviceBackend();
    const { user } = renderApp({ route: ROUTE });
    await rowOf('2026-05-10 09:59:59');
    const form = searchForm();
    await pickDays(user, '2026-04-28', '2026-05-02');
    expect(await within(form).findByText(CROSS_MONTH_ZH)).toBeInTheDocument();
    const sent = callsTo(LIST).length;
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    expect(await within(form).findByText(CROSS_MONTH_ZH)).toBeInTheDocument();
    expect(callsTo(LIST)).toHaveLength(sent);

    // days of one month again: the message goes, the search is sent
    await pickDays(user, '2026-05-01', '2026-05-02');
    await waitFor(() => expect(within(form).queryByText(CROSS_MONTH_ZH)).not.toBeInTheDocument());
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastQuery(callsTo)['params[endTime]']).toBe('2026-05-02'));
    expect(lastQuery(callsTo)).toEqual({ pageNum: '1', pageSize: '20', 'params[beginTime]': '2026-05-01', 'params[endTime]': '2026-05-02' });
  });

  it("shows the server's refusal of a search as every request's", async () => {
    signInWithProject();
    const refuseSentUp = (request: MockRequest) =>
      request.query.get('direction') === 'up' && request.query.get('outcome') === 'sent'
        ? refused(400, '查询条件无效')
        : ok({ rows: COMMUNICATION_ROWS, total: COMMUNICATION_ROWS.length });
    const { callsTo } = deviceBackend({ [LIST]: refuseSentUp });
    const { user } = renderApp({ route: ROUTE });
    await rowOf('2026-05-10 09:59:59');
    const form = searchForm();
    await selectOption(user, form, '方向', '上行');
    await selectOption(user, form, '结果', '已发送');
    await user.click(within(form).getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('查询条件无效')).toBeInTheDocument();
    expect(lastQuery(callsTo)).toMatchObject({ direction: 'up', outcome: 'sent' });
  });

  it('shows a whole payload: JSON laid out with its numbers as sent, a cut one as recorded and said to be cut', async () => {
    signInWithProject();
    deviceBackend();
    const { user } = renderApp({ route: ROUTE });
    await rowOf('2026-05-10 09:59:59');

    await user.click(screen.getByRole('button', { name: '查看报文 通信记录 9005' }));
    const dialog = await screen.findByRole('dialog', { name: '报文详情' });
    expect(within(dialog).getByLabelText('报文').textContent).toBe(
      [
        '{',
        '  "seq": 1042,',
        '  "loops": [',
        '    {',
        '      "index": 1,',
        '      "on": true,',
        '      "voltage": 220.0,',
        '      "current": 1.25',
        '    },',
        '    {',
        '      "index": 2,',
        '      "on": false,',
        '      "voltage": 0,',
        '      "current": 0',
        '    }',
        '  ],',
        '  "alarms": []',
        '}',
      ].join('\n'),
    );
    expect(within(dialog).getByLabelText('报文')).toHaveAttribute('translate', 'no');
    expect(within(dialog).getByText('JSON，已格式化显示')).toBeInTheDocument();
    for (const text of ['2026-05-10 09:59:58', '北区网关', '上行', '遥测', '已接收', '1,187 字节']) expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(within(dialog).queryByText(/已截断/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '报文详情' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '查看报文 通信记录 9001' }));
    const cut = await screen.findByRole('dialog', { name: '报文详情' });
    expect(within(cut).getByLabelText('报文').textContent).toBe(eventRefused.payload);
    expect(within(cut).getByText('报文超过 8 KiB，已截断：只保存了前 8 KiB。')).toBeInTheDocument();
    expect(within(cut).queryByText('JSON，已格式化显示')).not.toBeInTheDocument();
    for (const text of ['南区网关', '已拒收', 'unknown event kind: door_open', '12,288 字节']) expect(within(cut).getByText(text)).toBeInTheDocument();
  });

  it('speaks English, and refuses days across months in English', async () => {
    signInWithProject();
    await changeLanguage('en');
    const { callsTo } = deviceBackend();
    const { user } = renderApp({ route: ROUTE });
    for (const title of ['Recorded at', 'Gateway', 'Direction', 'Channel', 'Outcome', 'Seq / correlation', 'Size', 'Reason', 'Payload']) {
      expect(await screen.findByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    const telemetry = await rowOf('2026-05-10 09:59:59');
    for (const text of ['Up', 'Telemetry', 'Accepted', '1,187 B']) expect(within(telemetry).getByText(text)).toBeInTheDocument();
    const command = await rowOf('2026-05-10 09:58:00');
    for (const text of ['Down', 'Command', 'Sent', 'Correlation', 'cmd-502']) expect(within(command).getByText(text)).toBeInTheDocument();
    for (const text of ['Acknowledgement']) expect(within(await rowOf('2026-05-10 09:58:01')).getByText(text)).toBeInTheDocument();
    expect(within(await rowOf('2026-05-10 09:57:30')).getByText('Duplicate')).toBeInTheDocument();
    const event = await rowOf('2026-05-10 09:50:02');
    for (const text of ['Event', 'Refused', 'Truncated', 'unknown event kind: door_open']) expect(within(event).getByText(text)).toBeInTheDocument();
    expect(within(await rowOf('2026-05-10 09:45:00')).getByText('Heartbeat')).toBeInTheDocument();
    expect(screen.queryByText('上行')).not.toBeInTheDocument();
    const form = searchForm('Search');
    for (const label of ['Gateway', 'Direction', 'Channel', 'Outcome']) expect(within(form).getByLabelText(label)).toBeInTheDocument();
    expect(callsTo(LIST)[0]?.headers.get('Content-Language')).toBe('en_US');

    await user.click(screen.getByRole('button', { name: 'View payload of Record 9005' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payload' });
    expect(within(dialog).getByText('JSON, shown formatted')).toBeInTheDocument();
    // the footer's button (the corner's cross is named Close too)
    await user.click(within(dialog).getByText('Close').closest('button') as HTMLElement);

    const sent = callsTo(LIST).length;
    await pickDays(user, '2026-04-28', '2026-05-02', ['Start date', 'End date']);
    expect(await within(form).findByText(CROSS_MONTH_EN)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await within(form).findByText(CROSS_MONTH_EN)).toBeInTheDocument();
    expect(callsTo(LIST)).toHaveLength(sent);
  });
});
