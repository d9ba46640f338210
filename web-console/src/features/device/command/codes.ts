import type { CommandAction, CommandResult, CommandResultFilter, CommandSource, CommandState } from '../types';

/** The command log's codes (contract: GET /device/command/list), in the order they are offered. */
export const ACTIONS: readonly CommandAction[] = ['on', 'off', 'schedule', 'params'];
export const SOURCES: readonly CommandSource[] = ['control', 'one_key', 'group', 'issue', 'renew', 'recommand', 'params'];
export const RESULTS: readonly CommandResult[] = ['ok', 'offline', 'timeout', 'error', 'expired'];
/** The result filter: every end, and `pending` for the commands not finished (queued or being sent). */
export const RESULT_FILTERS: readonly CommandResultFilter[] = [...RESULTS, 'pending'];
export const STATES: readonly CommandState[] = ['queued', 'sending', 'done', 'failed', 'expired'];

/** Who the plan's own commands are requested by. */
export const PLAN = 'plan';

/** `value` when it is one of `codes`: a code the console does not know shows as it came. */
export function known<T extends string>(codes: readonly T[], value: string | null): T | undefined {
  return (codes as readonly (string | null)[]).includes(value) ? (value as T) : undefined;
}
