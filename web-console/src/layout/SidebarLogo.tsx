import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showMessage } from '../app/feedback';
import { useAppSelector } from '../app/hooks';
import { useProductName } from '../app/title';
import { selectProjectId } from '../features/auth/authSlice';
import { logoOf, useGetProjectDetailQuery } from '../features/project/api';
import { fileUrl, useFilesBase } from '../lib/files';
import { HOME_PATH } from '../routes/menu';

/** Spec section 8, in Chinese whatever the language. */
export const DETAIL_FAILED_MESSAGE = '获取项目详情失败';
export const DETAIL_BROKEN_MESSAGE = '项目详情-数据处理异常';

export const DEFAULT_LOGO = `${import.meta.env.BASE_URL}favicon.svg`;

/** The project's logo path, or the reason to fall back to the default logo. */
function readLogo(data: unknown): { path?: string; broken: boolean } {
  try {
    return { path: logoOf(data), broken: false };
  } catch {
    return { broken: true };
  }
}

/**
 * The sidebar's logo: the current project's logo from its detail (GET
 * /project/project/detail?id=..&type=1) below the file-server base path, else the default.
 */
export default function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const title = useProductName();
  const projectId = useAppSelector(selectProjectId);
  const filesBase = useFilesBase();
  const detail = useGetProjectDetailQuery(projectId ?? skipToken);
  const { path, broken } = detail.isSuccess ? readLogo(detail.data) : { path: undefined, broken: false };
  const [failedSrc, setFailedSrc] = useState<string | undefined>();

  useEffect(() => {
    if (detail.isError) showMessage('error', DETAIL_FAILED_MESSAGE);
  }, [detail.isError, detail.startedTimeStamp]);
  useEffect(() => {
    if (broken) showMessage('error', DETAIL_BROKEN_MESSAGE);
  }, [broken, detail.fulfilledTimeStamp]);

  const projectLogo = path && filesBase !== undefined ? fileUrl(filesBase, path) : undefined;
  const showProjectLogo = projectLogo !== undefined && projectLogo !== failedSrc;
  return (
    <Link
      to={HOME_PATH}
      style={{
        height: 56,
        display: 'flex',
        alignItems: 'center',
        justifyContent: collapsed ? 'center' : 'flex-start',
        gap: 8,
        padding: collapsed ? 0 : '0 16px',
        color: '#fff',
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        textDecoration: 'none',
      }}
      title={title}
    >
      {showProjectLogo ? (
        <img
          src={projectLogo}
          alt={t('layout.projectLogo')}
          style={{ width: 32, height: 32, objectFit: 'contain' }}
          onError={() => setFailedSrc(projectLogo)}
        />
      ) : (
        <img src={DEFAULT_LOGO} alt={t('layout.defaultLogo')} style={{ width: 32, height: 32 }} />
      )}
      {collapsed ? null : (
        <span style={{ fontWeight: 600, fontSize: 14, overflow: 'hidden', textOverflow: 'ellipsis' }}>{title}</span>
      )}
    </Link>
  );
}
