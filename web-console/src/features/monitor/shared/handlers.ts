import { useCallback } from 'react';
import { useAccess } from '../../auth/useAccess';
import { useGetJobHandlersQuery } from '../api';
import type { JobHandler } from '../types';

const NO_HANDLERS: JobHandler[] = [];

/** Who may read the registry (GET /monitor/job/handlers). */
export const HANDLERS_PERMISSION = 'monitor:job:query';

/**
 * The handlers a job may run (the registry written in code) and the label of a key, in the
 * reader's language; a key the registry does not have (any more), or every key for a user who
 * may not read the registry, is shown as it is.
 */
export function useJobHandlers(): { handlers: JobHandler[]; labelOf: (key: string) => string } {
  const allowed = useAccess().hasPermi([HANDLERS_PERMISSION]);
  const { data = NO_HANDLERS } = useGetJobHandlersQuery(undefined, { skip: !allowed });
  const labelOf = useCallback((key: string) => data.find((handler) => handler.key === key)?.label ?? key, [data]);
  return { handlers: data, labelOf };
}
