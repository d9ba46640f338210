import TitleUpdater from '../../../app/TitleUpdater';
import { LoginForm } from './LoginForm';

export interface StandaloneLoginProps {
  /** Loads what runs the console once signed in (the router); started with the submit. */
  prepare: () => Promise<unknown>;
  /** Starts the console at `target` (a path inside it), in place of this page. */
  enter: (target: string) => Promise<void> | void;
}

/**
 * Sign-in as the console's first page, before the router is loaded: react-router (about
 * 30 KB gz) comes with the submit, alongside the sign-in request, not with the page
 * (issue 17's sign-in budget). The redirect target is read from the address bar, as the
 * router's LoginPage reads it from its location.
 */
export default function StandaloneLoginPage({ prepare, enter }: StandaloneLoginProps) {
  const redirect = new URLSearchParams(window.location.search).get('redirect');
  return (
    <>
      <TitleUpdater />
      <LoginForm exit={{ redirect, prepare, go: enter }} />
    </>
  );
}
