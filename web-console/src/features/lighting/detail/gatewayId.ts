import { matchPath } from 'react-router';

/** The gateway id in the location, read through the route's own pattern. */
export function gatewayIdOf(pattern: string | undefined, pathname: string): number | undefined {
  const params = pattern ? matchPath({ path: pattern, end: true }, pathname)?.params : undefined;
  const raw = params?.gatewayId ?? pathname.split('/').filter(Boolean).at(-1);
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
