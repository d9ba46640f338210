import { useEffect } from 'react';
import { useAppTitle } from './title';

/** Keeps document.title in line with the server's browser name (spec section 2). */
export default function TitleUpdater() {
  const title = useAppTitle();
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
