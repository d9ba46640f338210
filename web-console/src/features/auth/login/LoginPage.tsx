import { useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from './LoginForm';

/**
 * Sign-in (/login) inside the router: reached by signing out, or by a guard redirect once the
 * router runs. A first visit to /login shows StandaloneLoginPage instead (src/main.tsx).
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (
    <LoginForm
      exit={{ redirect: searchParams.get('redirect'), go: (target) => navigate(target, { replace: true }) }}
    />
  );
}
