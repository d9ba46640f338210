import type { CommunicationChannel, CommunicationDirection, CommunicationOutcome } from '../types';

/** The communication records' codes (contract: GET /device/communication/list), in the order they are offered. */
export const DIRECTIONS: readonly CommunicationDirection[] = ['up', 'down'];
export const CHANNELS: readonly CommunicationChannel[] = ['telemetry', 'heartbeat', 'event', 'ack', 'command'];
export const OUTCOMES: readonly CommunicationOutcome[] = ['accepted', 'duplicate', 'refused', 'sent'];

/** The one permission of the page (without 'pc:'): the list, and with it each record's payload. */
export const COMMUNICATION_PERMISSION = 'device:communication:list';
