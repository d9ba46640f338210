import { loadFeedback } from '../app/feedback';
import { updateSettings } from '../lib/settings';

/** Milliseconds the 'compiling' message stays at least, so the change is seen. */
const COMPILING_MS = 400;

/**
 * Applies a theme colour through antd's tokens (at once), with the spec's "compiling"
 * message shown until the new colours are on screen.
 */
export async function changeTheme(color: string, compiling: string): Promise<void> {
  const { message } = await loadFeedback();
  const key = 'theme-compiling';
  void message.open({ key, type: 'loading', content: compiling, duration: 0 });
  updateSettings({ theme: color });
  await new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, COMPILING_MS));
  });
  message.destroy(key);
}
