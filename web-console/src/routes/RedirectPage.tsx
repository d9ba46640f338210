import { Navigate, useLocation, useParams } from 'react-router';

/** /redirect/{path}: re-enters {path}, which remounts its page (an internal refresh). */
export default function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${rest}${search}`} replace />;
}
