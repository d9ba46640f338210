import type { UserEvent } from '@testing-library/user-event';

/**
 * Test helper: empties the field and puts `text` in it as one paste (one input event, where
 * typing is one per character: tests that fill many fields stay quick on a busy machine).
 */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}
