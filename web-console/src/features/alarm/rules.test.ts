import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTES,
  EVENT_ATTRIBUTES,
  EVENT_DEFAULTS,
  fitsDeviceType,
  isDuration,
  isEventAttribute,
  isEventRecovery,
  isEventRecoveryEnded,
  isEventTrigger,
  isLengthBetween,
  isRecoveryValue,
  isTriggerValue,
  recoveryIsMagnitude,
  recoveryRequired,
  recoversOnSameEvent,
  unitOf,
} from './rules';

describe('the recovery value (spec section 5: positive number, 1 to 3 decimals)', () => {
  it('takes positive numbers with one to three decimals, as the server does', () => {
    for (const value of ['0.5', '12.125', '12.5', '205.0', '0.001', '999999999.999', ' 12.50 ']) {
      expect(isRecoveryValue(value), value).toBe(true);
    }
  });

  it('refuses whole numbers, zero, negatives, more than three decimals, and anything else', () => {
    for (const value of [
      '12',
      '12.1234',
      '-1.5',
      '0.000',
      '0.0',
      '1e3',
      'abc',
      '',
      ' ',
      '12.',
      '.5',
      '+1.5',
      '1,5',
      '1.5.1',
      '1 .5',
      'NaN',
      'inf',
      '1234567890.5',
      '１２.５',
      undefined,
    ]) {
      expect(isRecoveryValue(value), String(value)).toBe(false);
    }
  });
});

describe('the other alarm type rules', () => {
  it('trigger values: numbers with at most 3 decimals; negative for temperature and signal only', () => {
    expect(isTriggerValue('-95', 'signal')).toBe(true);
    expect(isTriggerValue('-5.5', 'temperature')).toBe(true);
    expect(isTriggerValue('-5', 'voltage')).toBe(false);
    expect(isTriggerValue('-5')).toBe(false);
    expect(isTriggerValue('0', 'current')).toBe(true);
    expect(isTriggerValue('245.125', 'voltage')).toBe(true);
    expect(isTriggerValue('245.1255', 'voltage')).toBe(false);
    expect(isTriggerValue('1234567890', 'voltage')).toBe(false);
    expect(isTriggerValue('x', 'voltage')).toBe(false);
  });

  it('durations: whole seconds 0 to 86400', () => {
    expect(isDuration(0)).toBe(true);
    expect(isDuration(86_400)).toBe(true);
    expect(isDuration(86_401)).toBe(false);
    expect(isDuration(-1)).toBe(false);
    expect(isDuration(1.5)).toBe(false);
  });

  it('attributes must fit the device type', () => {
    expect(fitsDeviceType('loop', 'voltage')).toBe(true);
    expect(fitsDeviceType('loop', 'active_power')).toBe(true);
    expect(fitsDeviceType('loop', 'signal')).toBe(false);
    expect(fitsDeviceType('gateway', 'temperature')).toBe(true);
    expect(fitsDeviceType(undefined, 'voltage')).toBe(false);
  });

  it('the recovery condition is required with auto processing on, or once partly given', () => {
    expect(recoveryRequired({ autoProcessing: true })).toBe(true);
    expect(recoveryRequired({ autoProcessing: false })).toBe(false);
    expect(recoveryRequired({ autoProcessing: false, recoveryValue: '1.5' })).toBe(true);
    expect(recoveryRequired({ recoveryAttribute: ' ' })).toBe(false);
  });

  it('names and contents: lengths', () => {
    expect(isLengthBetween('a', 1, 50)).toBe(true);
    expect(isLengthBetween('  ', 1, 50)).toBe(false);
    expect(isLengthBetween('x'.repeat(201), 1, 200)).toBe(false);
  });
});

describe('device events (1 while active, 0 once ended), as the server judges them', () => {
  it('are a gateway\'s power loss and open door and a loop\'s contactor fault, without a unit', () => {
    expect(EVENT_ATTRIBUTES).toEqual(['power_loss', 'door_open', 'contactor_fault']);
    expect(fitsDeviceType('gateway', 'power_loss')).toBe(true);
    expect(fitsDeviceType('gateway', 'door_open')).toBe(true);
    expect(fitsDeviceType('loop', 'contactor_fault')).toBe(true);
    expect(fitsDeviceType('gateway', 'contactor_fault')).toBe(false);
    expect(fitsDeviceType('loop', 'door_open')).toBe(false);
    for (const attribute of EVENT_ATTRIBUTES) expect(isEventAttribute(attribute), attribute).toBe(true);
    for (const { attribute } of [...ATTRIBUTES.gateway, ...ATTRIBUTES.loop].filter(({ attribute }) => !EVENT_ATTRIBUTES.includes(attribute))) {
      expect(isEventAttribute(attribute), attribute).toBe(false);
    }
    expect(isEventAttribute(undefined)).toBe(false);
    expect(unitOf('gateway', 'door_open')).toBe('');
    expect(unitOf('gateway', 'signal')).toBe('dBm');
    expect(unitOf('loop', 'signal')).toBe('');
  });

  it('trigger when active: holds for 1 and not for 0', () => {
    for (const [comparison, value] of [['>=', '1'], ['>', '0'], ['>', '0.5'], ['>=', '0.5']]) {
      expect(isEventTrigger('door_open', comparison, value), `${comparison} ${value}`).toBe(true);
    }
    // never (> 1), always (>= 0), backwards (< 1), no value
    for (const [comparison, value] of [['<', '1'], ['>', '1'], ['>=', '0'], ['<=', '0'], ['>=', '2'], ['<', '0.5'], ['>=', ''], [undefined, '1']]) {
      expect(isEventTrigger('door_open', comparison, value), `${comparison} ${value}`).toBe(false);
    }
    // a reading's trigger is not an event's
    expect(isEventTrigger('voltage', '<', '1')).toBe(true);
  });

  it('recover on the same event once it has ended: holds for 0 and not for 1', () => {
    for (const [comparison, value] of [['<', '1.0'], ['<=', '0.5'], ['<', '0.5']]) {
      expect(isEventRecoveryEnded('door_open', comparison, value), `${comparison} ${value}`).toBe(true);
    }
    for (const [comparison, value] of [['>=', '0.5'], ['<', '2.0'], ['<=', '1.0'], ['>', '0.5']]) {
      expect(isEventRecoveryEnded('door_open', comparison, value), `${comparison} ${value}`).toBe(false);
    }
    expect(isEventRecoveryEnded('temperature', '<', '40.0')).toBe(true);

    expect(recoversOnSameEvent('door_open', 'door_open')).toBe(true);
    expect(recoversOnSameEvent('door_open', 'power_loss')).toBe(false);
    expect(recoversOnSameEvent('door_open', 'temperature')).toBe(false);
    // a reading never recovers on an event
    expect(recoversOnSameEvent('current', 'contactor_fault')).toBe(false);
    expect(recoversOnSameEvent('voltage', 'voltage')).toBe(true);
    expect(recoversOnSameEvent('door_open', undefined)).toBe(true);

    const doorOpen = { triggerAttribute: 'door_open', recoveryAttribute: 'door_open', recoveryComparison: '<', recoveryValue: '1.0' };
    expect(isEventRecovery(doorOpen)).toBe(true);
    expect(isEventRecovery({ ...doorOpen, recoveryComparison: '>=', recoveryValue: '0.5' })).toBe(false);
    expect(isEventRecovery({ ...doorOpen, recoveryAttribute: 'power_loss' })).toBe(false);
    expect(isEventRecovery({ ...doorOpen, recoveryAttribute: 'temperature', recoveryValue: '40.0' })).toBe(false);
    expect(isEventRecovery({ triggerAttribute: 'current', recoveryAttribute: 'contactor_fault', recoveryComparison: '<', recoveryValue: '1.0' })).toBe(false);
    expect(isEventRecovery({ triggerAttribute: 'door_open' })).toBe(true);
  });

  it('have defaults that pass every rule: >= 1, recovered by < 1.0', () => {
    expect(EVENT_DEFAULTS).toEqual({ triggerComparison: '>=', triggerValue: '1', recoveryComparison: '<', recoveryValue: '1.0' });
    expect(isTriggerValue(EVENT_DEFAULTS.triggerValue, 'door_open')).toBe(true);
    expect(isEventTrigger('door_open', EVENT_DEFAULTS.triggerComparison, EVENT_DEFAULTS.triggerValue)).toBe(true);
    expect(isRecoveryValue(EVENT_DEFAULTS.recoveryValue)).toBe(true);
    expect(isEventRecoveryEnded('door_open', EVENT_DEFAULTS.recoveryComparison, EVENT_DEFAULTS.recoveryValue)).toBe(true);
  });
});

describe('the signal recovery value', () => {
  it('is written without its minus sign (85.0 means −85 dBm); other attributes as they are', () => {
    expect(recoveryIsMagnitude('signal')).toBe(true);
    expect(recoveryIsMagnitude('temperature')).toBe(false);
    expect(recoveryIsMagnitude(undefined)).toBe(false);
    expect(isRecoveryValue('85.0')).toBe(true);
    expect(isRecoveryValue('-85.0')).toBe(false);
  });
});
