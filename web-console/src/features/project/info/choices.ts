import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictOptions } from '../../system/useDictOptions';

/** The project form's and list's choices: dictionaries, with translated fallbacks. */
export function useProjectChoices() {
  const { t } = useTranslation();
  const fallbacks = useMemo(
    () => ({
      status: [
        { value: '0', label: t('project.info.statusOf.0') },
        { value: '1', label: t('project.info.statusOf.1') },
        { value: '2', label: t('project.info.statusOf.2') },
        { value: '3', label: t('project.info.statusOf.3') },
      ],
      acceptance: [
        { value: '0', label: t('project.info.acceptanceOf.0') },
        { value: '1', label: t('project.info.acceptanceOf.1') },
        { value: '2', label: t('project.info.acceptanceOf.2') },
      ],
      mapMode: [
        { value: '0', label: t('project.info.mapModeOf.0') },
        { value: '1', label: t('project.info.mapModeOf.1') },
      ],
      enabled: [
        { value: '1', label: t('project.info.enabledValue.1') },
        { value: '0', label: t('project.info.enabledValue.0') },
      ],
      modules: [
        { value: 'gateway', label: t('project.info.moduleOf.gateway') },
        { value: 'alarm', label: t('project.info.moduleOf.alarm') },
        { value: 'energy', label: t('project.info.moduleOf.energy') },
        { value: 'workorder', label: t('project.info.moduleOf.workorder') },
        { value: 'inspection', label: t('project.info.moduleOf.inspection') },
        { value: 'announcement', label: t('project.info.moduleOf.announcement') },
        { value: 'scene', label: t('project.info.moduleOf.scene') },
        { value: 'asset', label: t('project.info.moduleOf.asset') },
      ],
    }),
    [t],
  );
  return {
    status: useDictOptions('project_status', fallbacks.status),
    acceptance: useDictOptions('project_acceptance', fallbacks.acceptance),
    mapMode: useDictOptions('project_map_mode', fallbacks.mapMode),
    enabled: useDictOptions('project_enabled', fallbacks.enabled),
    modules: useDictOptions('project_module', fallbacks.modules),
  };
}
