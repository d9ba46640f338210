import type { Notice, NoticeChange } from '../types';

/** The announcement form's fields; closed is a switch. */
export interface NoticeFormValues {
  noticeTitle: string;
  noticeType: string;
  noticeContent?: string;
  noticeImage?: string;
  closed: boolean;
  remark?: string;
}

/** A new announcement: of type announcement, normal. */
export const NEW_NOTICE: Partial<NoticeFormValues> = { noticeType: '2', closed: false };

export function toValues({ noticeTitle, noticeType, noticeContent, noticeImage, status, remark }: Notice): NoticeFormValues {
  return { noticeTitle, noticeType, noticeContent, noticeImage, closed: status === '1', remark };
}

/** The form's values as the server takes them: title, image and remark trimmed, the content as written. */
export function toChange(values: NoticeFormValues): NoticeChange {
  return {
    noticeTitle: (values.noticeTitle ?? '').trim(),
    noticeType: values.noticeType,
    noticeContent: values.noticeContent ?? '',
    noticeImage: (values.noticeImage ?? '').trim(),
    status: values.closed ? '1' : '0',
    remark: (values.remark ?? '').trim(),
  };
}
