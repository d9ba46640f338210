import Cookies from 'js-cookie';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lightingBackend, ok } from '../features/lighting/fixtures';
import { renderApp } from '../test/renderWithProviders';

/** Every page of the registry that shows a project's data, by the demo tree's paths. */
const PROJECT_PAGES = [
  '/lighting/gateway',
  '/lighting/gateway/detail/7',
  '/lighting/control',
  '/lighting/oneKey',
  '/alarm/type',
  '/alarm/realtime',
  '/alarm/history',
];

/** A request for a project's data (the layout's own calls are global). */
const inProject = (path: string) => /^\/(lighting|alarm)\//.test(path);

/** A session from before the reload, which remembered project `id`. */
function signedInWith(id: string, name: string) {
  Cookies.set('Admin-Token', 'jwt-1');
  Cookies.set('projectId', id);
  Cookies.set('projectName', name);
}

const errorToasts = () => document.querySelectorAll('.ant-message-error, .ant-notification-notice-icon-error');

describe('a page of the project data', () => {
  it('without a project: one inline prompt, no request, no error; its button opens the project picker', async () => {
    // a user without projects (the demo's guest)
    Cookies.set('Admin-Token', 'jwt-guest');
    const { calls } = lightingBackend({
      'GET /project/project/dropList': ok({ data: [] }),
      'GET /project/project/userProjectList': ok({ data: [] }),
    });
    const { router, user } = renderApp({ route: PROJECT_PAGES[0] });
    const current = await screen.findByRole('group', { name: '当前项目' });
    expect(current).toHaveTextContent('未选择项目');
    expect(Cookies.get('projectId')).toBe('-1');
    expect(Cookies.get('projectName')).toBe('');

    for (const path of PROJECT_PAGES) {
      await router.navigate(path);
      // kept-alive pages are hidden: the one shown is the only one (once the lazy page is in)
      await waitFor(() => {
        const prompts = screen.queryAllByRole('region', { name: '请先选择项目' });
        expect(prompts.filter((prompt) => prompt.closest('[hidden], [style*="display: none"]') === null), path).toHaveLength(1);
      });
      expect(screen.queryByRole('table'), path).not.toBeInTheDocument();
    }
    expect(calls.filter((call) => inProject(call.path)).map((call) => call.path)).toEqual([]);
    expect(errorToasts()).toHaveLength(0);

    const shown = screen
      .getAllByRole('region', { name: '请先选择项目' })
      .find((prompt) => prompt.closest('[hidden], [style*="display: none"]') === null) as HTMLElement;
    await user.click(within(shown).getByRole('button', { name: '选择项目' }));
    expect(await screen.findByRole('dialog', { name: '选择项目' })).toBeInTheDocument();
    expect(errorToasts()).toHaveLength(0);
  });

  it('on a reload keeps the remembered project while the user may still see it', async () => {
    signedInWith('2', '城市天际线亮化工程');
    const { callsTo } = lightingBackend();
    renderApp({ route: '/lighting/gateway' });
    expect(await screen.findByText('北区网关')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '当前项目' })).toHaveTextContent('城市天际线亮化工程');
    expect(callsTo('GET /lighting/gateway/list')[0]?.headers.get('ProjectId')).toBe('2');
    expect(callsTo('GET /project/project/dropList')[0]?.headers.has('ProjectId')).toBe(false);
    expect(Cookies.get('projectId')).toBe('2');
  });

  it('on a reload takes the first project when the remembered one is no longer allowed', async () => {
    signedInWith('9', '已移除的项目');
    const { callsTo } = lightingBackend();
    renderApp({ route: '/lighting/gateway' });
    expect(await screen.findByText('北区网关')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '当前项目' })).toHaveTextContent('滨江景观照明示范项目');
    // the page asked in the project it shows, never in the one no longer allowed
    expect(callsTo('GET /lighting/gateway/list').map((call) => call.headers.get('ProjectId'))).toEqual(['1']);
    await waitFor(() => expect(Cookies.get('projectId')).toBe('1'));
    expect(Cookies.get('projectName')).toBe('滨江景观照明示范项目');
  });
});
