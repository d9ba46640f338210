import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from './events';
import { parseLiveMessage } from './events';
import { openLiveConnection, retryDelay, type LiveState } from './liveClient';
import { liveFetch } from './sseMock';

const notFound = () => Promise.resolve(new Response('', { status: 404 }));
const alarm = {
  kind: 'raised',
  alarmId: 9,
  alarmName: '回路过压',
  alarmLevel: '1',
  status: '0',
  deviceName: '北区网关',
  contentZh: '电压过高',
  contentEn: 'Voltage too high',
  alarmTime: '2026-05-01 10:00:00',
  endTime: null,
};

const overdue = {
  kind: 'overdue',
  workOrderId: 123,
  orderNumber: 'WO20261127000123',
  status: '1',
  handlerId: 1,
  dueTime: '2026-11-27 15:00:00',
};

describe('the live stream client', () => {
  it('sends the session headers, delivers events, and reconnects with backoff after failures', async () => {
    const live = liveFetch(notFound, [503, 502, 'stream']);
    const events: LiveEvent[] = [];
    const states: LiveState[] = [];
    const connection = openLiveConnection({
      url: '/prod-api/live/stream',
      headers: { Authorization: 'Bearer jwt-1', ProjectId: '1', 'Content-Language': 'zh_CN' },
      onEvent: (event) => events.push(event),
      onState: (state) => states.push(state),
      backoff: { initialMs: 5, maxMs: 50 },
      random: () => 0,
      fetch: live.fetch,
    });
    await waitFor(() => expect(live.requests).toHaveLength(3));
    await waitFor(() => expect(states.at(-1)).toBe('open'));
    expect(states).toEqual(['connecting', 'retrying', 'retrying', 'open']);
    const headers = live.requests[2]!.headers;
    expect(headers.get('Authorization')).toBe('Bearer jwt-1');
    expect(headers.get('ProjectId')).toBe('1');
    expect(headers.get('Content-Language')).toBe('zh_CN');
    expect(headers.get('accept')).toBe('text/event-stream');

    live.requests[2]!.stream!.send('ping', {});
    live.requests[2]!.stream!.send('alarm', alarm);
    live.requests[2]!.stream!.send('gateway', { gatewayId: 7, gatewayNumber: 'GW-7', onlineStatus: '0', time: '2026-05-01 10:00:05' });
    live.requests[2]!.stream!.send('workOrder', overdue);
    live.requests[2]!.stream!.send('unknown', { x: 1 });
    await waitFor(() => expect(events).toHaveLength(4));
    expect(events[1]).toEqual({ type: 'alarm', data: alarm });
    expect(events[2]).toMatchObject({ type: 'gateway', data: { gatewayId: 7, onlineStatus: '0' } });
    expect(events[3]).toEqual({ type: 'workOrder', data: overdue });

    // the server ends the stream: reconnect
    live.requests[2]!.stream!.end();
    await waitFor(() => expect(live.requests).toHaveLength(4));
    await waitFor(() => expect(states.at(-1)).toBe('open'));

    connection.close();
    expect(states.at(-1)).toBe('closed');
    expect(live.requests[3]!.signal?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(live.requests).toHaveLength(4);
  });

  it('stops for good when refused (401)', async () => {
    const live = liveFetch(notFound, [401]);
    const states: LiveState[] = [];
    openLiveConnection({
      url: '/prod-api/live/stream',
      headers: {},
      onEvent: vi.fn(),
      onState: (state) => states.push(state),
      backoff: { initialMs: 5, maxMs: 50 },
      fetch: live.fetch,
    });
    await waitFor(() => expect(states).toEqual(['connecting', 'closed']));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(live.requests).toHaveLength(1);
  });

  it('backs off doubling up to the maximum, with a little jitter', () => {
    const backoff = { initialMs: 1000, maxMs: 30_000 };
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => retryDelay(attempt, backoff, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    expect(retryDelay(0, backoff, () => 1)).toBe(800);
  });

  it('reads only the events it knows', () => {
    expect(parseLiveMessage('ping', '')).toEqual({ type: 'ping' });
    expect(parseLiveMessage('resync', '{"skipped":3}')).toEqual({ type: 'resync' });
    expect(parseLiveMessage('alarm', 'not json')).toBeUndefined();
    expect(parseLiveMessage('alarm', JSON.stringify({ ...alarm, kind: 'exploded' }))).toBeUndefined();
    expect(parseLiveMessage('gateway', JSON.stringify({ gatewayId: 1, onlineStatus: '2' }))).toBeUndefined();
    expect(parseLiveMessage('workOrder', JSON.stringify({ ...overdue, kind: 'forgotten' }))).toBeUndefined();
    expect(parseLiveMessage('workOrder', JSON.stringify({ ...overdue, workOrderId: 'WO-1' }))).toBeUndefined();
    expect(parseLiveMessage('workOrder', JSON.stringify({ ...overdue, workOrderId: null }))).toBeUndefined();
    expect(parseLiveMessage('workOrder', 'not json')).toBeUndefined();
  });

  it("reads an alarm processed by its work order's confirmation, and one taken into processing", () => {
    for (const kind of ['processed', 'processing']) {
      expect(parseLiveMessage('alarm', JSON.stringify({ ...alarm, kind, status: kind === 'processed' ? '2' : '1' }))).toMatchObject({
        type: 'alarm',
        data: { kind, alarmId: alarm.alarmId },
      });
    }
  });

  it('reads an overdue work order, with or without a handler', () => {
    expect(parseLiveMessage('workOrder', JSON.stringify(overdue))).toEqual({ type: 'workOrder', data: overdue });
    expect(parseLiveMessage('workOrder', JSON.stringify({ ...overdue, handlerId: null }))).toEqual({
      type: 'workOrder',
      data: { ...overdue, handlerId: null },
    });
    // ids sent as digits still read as numbers
    expect(parseLiveMessage('workOrder', JSON.stringify({ ...overdue, workOrderId: '123', handlerId: '1' }))).toEqual({
      type: 'workOrder',
      data: overdue,
    });
  });
});
