import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Test helper: opens the antd Select labelled `label` (inside `container`) and picks `option`. */
export async function selectOption(user: UserEvent, container: HTMLElement, label: string, option: string): Promise<void> {
  await user.click(within(container).getByLabelText(label));
  const open = await screen.findAllByRole('listbox');
  const dropdown = open.at(-1)?.closest('.ant-select-dropdown') as HTMLElement | null;
  if (!dropdown) throw new Error(`no dropdown for ${label}`);
  await user.click(within(dropdown).getByTitle(option));
}

/**
 * Test helper: opens the antd Select whose combobox is named `name` (by aria-label: the rows
 * of an editor) inside `container` and picks `option` in that select's own dropdown (the
 * dropdowns of selects opened before stay in the document).
 */
export async function pickOption(user: UserEvent, container: HTMLElement, name: string, option: string): Promise<void> {
  const combobox = within(container).getByRole('combobox', { name });
  await user.click(combobox);
  const listbox = await waitFor(() => {
    const list = document.getElementById(combobox.getAttribute('aria-controls') ?? '');
    if (!list) throw new Error(`no dropdown for ${name}`);
    return list;
  });
  const dropdown = listbox.closest<HTMLElement>('.ant-select-dropdown');
  if (!dropdown) throw new Error(`no dropdown for ${name}`);
  await user.click(within(dropdown).getByTitle(option));
}
