import { Suspense, lazy, useState } from 'react';
import { Button, Flex } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../app/hooks';
import { selectProjectName } from '../features/auth/authSlice';

const ProjectPicker = lazy(() => import('../features/project/ProjectPicker'));

/** The project switch button: the current project's name; opens the project picker. */
export default function ProjectSwitch() {
  const { t } = useTranslation();
  const projectName = useAppSelector(selectProjectName);
  const [open, setOpen] = useState(false);
  /** Bumped at each opening: the picker starts over (no filter, first page, no choice). */
  const [opening, setOpening] = useState(0);
  return (
    <Flex align="center" role="group" aria-label={t('layout.currentProject')}>
      <Button
        type="text"
        icon={<SwapOutlined aria-hidden />}
        title={t('layout.switchProject')}
        onClick={() => {
          setOpening((count) => count + 1);
          setOpen(true);
        }}
        style={{ maxWidth: 240 }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', fontWeight: 600 }}>
          {projectName || t('layout.noProject')}
        </span>
      </Button>
      {opening > 0 ? (
        <Suspense fallback={null}>
          <ProjectPicker key={opening} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Flex>
  );
}
