import { consoleBackend } from '../../../test/backend';
import { ok, projectRoutes } from '../shared/fixtures';
import type { ProjectFile } from '../types';

export { ok };

const file = (fileId: number, fileName: string, fileType: string, auditStatus: string, processStatus = '0'): ProjectFile => ({
  fileId,
  fileName,
  originalName: fileName,
  path: `/upload/2026/11/24/0000000${fileId}.${fileName.split('.').pop() ?? ''}`,
  fileType,
  extension: fileName.split('.').pop() ?? '',
  contentType: '',
  size: 1536 * fileId,
  auditStatus,
  auditReason: auditStatus === '2' ? '画面模糊' : '',
  auditBy: '',
  processStatus,
  remark: '',
  createBy: 'admin',
  createTime: '2026-11-24 09:00:00',
});

/** A plan picture, a contract not passed and a show being cut. */
export const files: ProjectFile[] = [
  file(3, '开幕秀.mp4', '3', '0', '1'),
  file(2, '合同.pdf', '2', '2'),
  file(1, '平面图.png', '1', '1'),
];

const fileRoutes = projectRoutes('file', 'project/file/index', '文件管理', 'File Management');

/** The demo backend with the file screen's answers; routes can be replaced. */
export function fileBackend(overrides: Parameters<typeof consoleBackend>[0] = {}) {
  return consoleBackend({
    'GET /system/menu/getRouters': ok({ data: fileRoutes }),
    'GET /project/file/list': ok({ rows: files, total: files.length }),
    ...overrides,
  });
}
