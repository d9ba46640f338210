import { useRouteError } from 'react-router';
import PageFailed from '../components/PageFailed';

/** Last resort when a route fails to load or render: never a blank screen. */
export default function RouteErrorPage() {
  const error = useRouteError();
  return <PageFailed detail={error instanceof Error ? error.message : undefined} />;
}
