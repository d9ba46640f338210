import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import KeepAlive from './KeepAlive';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  return (
    <section aria-label={name}>
      <p>
        {name} {count} {pathname} {search.get('q') ?? ''}
      </p>
      <button type="button" onClick={() => setCount((value) => value + 1)}>
        {name} +1
      </button>
    </section>
  );
}

/** Like the layout: pages enter the cached list when visited, noCache ones never. */
function Shell({ max }: { max?: number }) {
  const { pathname } = useLocation();
  const cacheable = pathname !== '/c';
  const [cached, setCached] = useState<string[]>([]);
  if (cacheable && !cached.includes(pathname)) setCached([...cached, pathname]);
  return (
    <>
      <button type="button" onClick={() => setCached((list) => list.filter((path) => path !== '/a'))}>
        forget a
      </button>
      <KeepAlive include={cached} cacheable={cacheable} max={max} />
    </>
  );
}

function setup(max?: number) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Shell max={max} />,
        children: [
          { path: 'a', element: <Counter name="A" /> },
          { path: 'b', element: <Counter name="B" /> },
          { path: 'c', element: <Counter name="C" /> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  const go = (to: string) => act(() => router.navigate(to));
  return { user: userEvent.setup(), go };
}

describe('KeepAlive', () => {
  it('keeps a cached page mounted but hidden, with its state and its own location', async () => {
    const { user, go } = setup();
    await user.click(screen.getByRole('button', { name: 'A +1' }));
    await user.click(screen.getByRole('button', { name: 'A +1' }));
    await go('/b?q=1');
    expect(screen.getByRole('region', { name: 'B' })).toBeVisible();
    const hiddenA = screen.getByRole('region', { name: 'A', hidden: true });
    expect(hiddenA).not.toBeVisible();
    // the hidden page still sees its own URL, not the new one
    expect(hiddenA).toHaveTextContent('A 2 /a');
    await go('/a');
    expect(screen.getByRole('region', { name: 'A' })).toHaveTextContent('A 2 /a');
    expect(screen.getByRole('region', { name: 'B', hidden: true })).toHaveTextContent('B 0 /b 1');
  });

  it('does not keep noCache pages: their state resets when revisited', async () => {
    const { user, go } = setup();
    await go('/c');
    await user.click(screen.getByRole('button', { name: 'C +1' }));
    expect(screen.getByRole('region', { name: 'C' })).toHaveTextContent('C 1');
    await go('/a');
    expect(screen.queryByRole('region', { name: 'C', hidden: true })).not.toBeInTheDocument();
    await go('/c');
    expect(screen.getByRole('region', { name: 'C' })).toHaveTextContent('C 0');
  });

  it('drops a page that leaves the cached list', async () => {
    const { user, go } = setup();
    await user.click(screen.getByRole('button', { name: 'A +1' }));
    await go('/b');
    await user.click(screen.getByRole('button', { name: 'forget a' }));
    expect(screen.queryByRole('region', { name: 'A', hidden: true })).not.toBeInTheDocument();
    await go('/a');
    expect(screen.getByRole('region', { name: 'A' })).toHaveTextContent('A 0');
  });

  it('keeps `max` pages, the shown one included, each with its state', async () => {
    const { user, go } = setup(2);
    await user.click(screen.getByRole('button', { name: 'A +1' }));
    await go('/b');
    await user.click(screen.getByRole('button', { name: 'B +1' }));
    // two pages, both kept
    expect(screen.getByRole('region', { name: 'A', hidden: true })).toHaveTextContent('A 1');
    await go('/a');
    // A shown again: B is now the one shown longest ago, but still within two
    expect(screen.getByRole('region', { name: 'B', hidden: true })).toHaveTextContent('B 1');
  });

  it('past `max`, drops the least recently shown page', async () => {
    const { user, go } = setup(1);
    await user.click(screen.getByRole('button', { name: 'A +1' }));
    await go('/b');
    expect(screen.queryByRole('region', { name: 'A', hidden: true })).not.toBeInTheDocument();
    await go('/a');
    expect(screen.getByRole('region', { name: 'A' })).toHaveTextContent('A 0');
  });
});
