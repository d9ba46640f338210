import { Suspense, lazy } from 'react';
import { Button, Flex } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { projectPickerClosed, projectPickerOpened, selectProjectPicker } from '../app/uiSlice';
import { selectProjectName } from '../features/auth/authSlice';

const ProjectPicker = lazy(() => import('../features/project/ProjectPicker'));

/**
 * The project switch button: the current project's name; opens the project picker, the one
 * picker of the console (a page that needs a project opens it too, see ProjectRequired).
 */
export default function ProjectSwitch() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const projectName = useAppSelector(selectProjectName);
  // `opening` is bumped at each opening: the picker starts over (no filter, first page, no choice)
  const { open, opening } = useAppSelector(selectProjectPicker);
  return (
    <Flex align="center" role="group" aria-label={t('layout.currentProject')}>
      <Button
        type="text"
        icon={<SwapOutlined aria-hidden />}
        title={t('layout.switchProject')}
        onClick={() => dispatch(projectPickerOpened())}
        style={{ maxWidth: 240 }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', fontWeight: 600 }}>
          {projectName || t('layout.noProject')}
        </span>
      </Button>
      {opening > 0 ? (
        <Suspense fallback={null}>
          <ProjectPicker key={opening} open={open} onClose={() => dispatch(projectPickerClosed())} />
        </Suspense>
      ) : null}
    </Flex>
  );
}
