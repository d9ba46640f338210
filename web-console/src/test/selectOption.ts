import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Test helper: opens the antd Select labelled `label` (inside `container`) and picks `option`. */
export async function selectOption(user: UserEvent, container: HTMLElement, label: string, option: string): Promise<void> {
  await user.click(within(container).getByLabelText(label));
  const open = await screen.findAllByRole('listbox');
  const dropdown = open.at(-1)?.closest('.ant-select-dropdown') as HTMLElement | null;
  if (!dropdown) throw new Error(`no dropdown for ${label}`);
  await user.click(within(dropdown).getByTitle(option));
}
