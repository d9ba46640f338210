import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListPage as ListAnswer } from '../../api/lists';
import type { FetchList, ListResult, PageQuery } from './types';

interface Fetched<Row> {
  data?: ListAnswer<Row>;
  /** The query and refresh the data answers. */
  for?: { query: unknown; refresh: number };
}

/**
 * A fetch function as a list hook: fetches the page of `query`, again on `refetch()`. A
 * failure keeps the last page; the request's error was shown by the client. `fetchList` may be
 * a new function on every render: the query and refetch decide when to fetch.
 */
export function useFetchList<Row, Q extends PageQuery>(fetchList: FetchList<Row, Q>, query: Q): ListResult<Row> {
  const [refresh, setRefresh] = useState(0);
  const [fetched, setFetched] = useState<Fetched<Row>>({});
  const latestFetch = useRef(fetchList);

  useEffect(() => {
    latestFetch.current = fetchList;
  });

  useEffect(() => {
    let current = true;
    const done = (data: ListAnswer<Row> | undefined) => {
      if (current) setFetched((previous) => ({ data: data ?? previous.data, for: { query, refresh } }));
    };
    latestFetch.current(query).then(done, () => done(undefined));
    return () => {
      current = false;
    };
  }, [query, refresh]);

  const refetch = useCallback(() => setRefresh((count) => count + 1), []);
  const isFetching = fetched.for?.query !== query || fetched.for.refresh !== refresh;
  return { data: fetched.data, isFetching, refetch };
}
