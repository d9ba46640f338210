import type { ReactNode } from 'react';
import { Button, Card, Result } from 'antd';
import { ProjectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { projectPickerOpened } from '../app/uiSlice';
import { selectProjectId } from '../features/auth/authSlice';

/** Whether the session is in a project (none: no cookie, or the spec's -1). */
function useInProject(): boolean {
  return useAppSelector(selectProjectId) !== undefined;
}

/**
 * What a page that needs a project shows without one (issue 16): one inline prompt with a
 * button that opens the project picker, instead of the page and its requests.
 */
export function ProjectPrompt() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const title = t('projectRequired.title');
  return (
    <Card role="region" aria-label={title}>
      <Result
        icon={<ProjectOutlined aria-hidden />}
        title={title}
        subTitle={t('projectRequired.hint')}
        extra={
          <Button type="primary" onClick={() => dispatch(projectPickerOpened())}>
            {t('projectRequired.choose')}
          </Button>
        }
      />
    </Card>
  );
}

/**
 * The one rule for project-scoped content (issue 16), used by the shell for the pages the
 * registry marks and by the list-page kit: its children, which may ask for the project's
 * data, are mounted only inside a project; without one, the prompt, and no request.
 */
export default function ProjectRequired({ children }: { children: ReactNode }) {
  return useInProject() ? children : <ProjectPrompt />;
}
