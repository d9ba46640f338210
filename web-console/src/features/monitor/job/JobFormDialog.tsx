import { useEffect } from 'react';
import { Form, Input, Radio, Row, Select, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAddJobMutation, useLazyGetJobNextTimesQuery, useUpdateJobMutation } from '../api';
import { JOB_NAME_MAX, JOB_REMARK_MAX, jobRules } from '../rules';
import { CONCURRENCY, FAILURE_STRATEGIES, MISFIRE_POLICIES, useJobGroups, useJobStatuses, useTexts } from '../shared/dicts';
import { useJobHandlers } from '../shared/handlers';
import type { Job } from '../types';
import { NEW_JOB, toChange, toValues, type JobFormValues } from './formValues';
import '../i18n';

/** How long the cron expression rests before the server is asked about it. */
export const CRON_CHECK_DELAY_MS = 400;

/** The message of a failed request as RTK Query keeps it. */
function messageOf(error: unknown): string {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : '';
}

/**
 * Adds or edits a job: name, group, the call target chosen among the handlers the system
 * provides (never free text), the cron expression (the server checks it as it is typed: its
 * next five fire times below the field, or its reason for refusing it), misfire policy,
 * concurrency, failure strategy, status and remark.
 */
export default function JobFormDialog({ row: job, onClose }: EditorDialogProps<Job>) {
  const { t } = useTranslation();
  const rules = jobRules(t);
  const [form] = Form.useForm<JobFormValues>();
  const [addJob] = useAddJobMutation();
  const [updateJob] = useUpdateJobMutation();
  const { handlers } = useJobHandlers();
  const groups = useJobGroups();
  const statuses = useJobStatuses();
  const misfirePolicies = useTexts('job.misfire', MISFIRE_POLICIES);
  const concurrency = useTexts('job.concurrency', CONCURRENCY);
  const failureStrategies = useTexts('job.failure', FAILURE_STRATEGIES);
  const [loadNextTimes, nextTimes] = useLazyGetJobNextTimesQuery();
  const cron = (Form.useWatch('cronExpression', form) ?? '').trim();
  const shownTimes = !nextTimes.isError && nextTimes.originalArgs === cron && cron !== '' ? (nextTimes.data ?? []) : [];

  // the server's check of a cron expression: debounced while typing (the field's validateDebounce), at once on submit
  const cronCheck: FormRule = {
    validator: async (_rule, value: unknown) => {
      const expression = typeof value === 'string' ? value.trim() : '';
      if (expression === '') return;
      const answer = await loadNextTimes(expression, true);
      if (answer.error) throw new Error(messageOf(answer.error) || t('monitor.job.rules.cron'));
    },
  };

  useEffect(() => {
    // an existing job's expression: its next fire times at once
    if (job) form.validateFields(['cronExpression']).catch(() => undefined);
  }, [form, job]);

  const save = async (values: JobFormValues) => {
    const change = toChange(values);
    if (job) await updateJob({ ...change, jobId: job.jobId }).unwrap();
    else await addJob(change).unwrap();
  };

  return (
    <FormDialog<JobFormValues> name="job" size="half" form={form} editing={job !== undefined} onSave={save} onClose={onClose}
      title={job ? t('monitor.job.editTitle') : t('monitor.job.addTitle')} initialValues={job ? toValues(job) : NEW_JOB}>
      <Row gutter={16}>
        <FormField span={12} label={t('monitor.job.jobName')} name="jobName" rules={rules.jobName} required>
          <Input maxLength={JOB_NAME_MAX} />
        </FormField>
        <FormField span={12} label={t('monitor.job.jobGroup')} name="jobGroup" rules={rules.jobGroup}>
          <Select options={groups} />
        </FormField>
        <FormField label={t('monitor.job.invokeTarget')} name="invokeTarget" rules={rules.invokeTarget}>
          <Select showSearch optionFilterProp="label" placeholder={t('monitor.job.targetPlaceholder')}
            options={handlers.map((handler) => ({ value: handler.key, label: handler.label }))} />
        </FormField>
        <FormField label={t('monitor.job.cronExpression')} name="cronExpression" rules={[...rules.cronExpression, cronCheck]} required
          validateDebounce={CRON_CHECK_DELAY_MS} extra={<NextTimes times={shownTimes} />}>
          <Input placeholder={t('monitor.job.cronPlaceholder')} autoComplete="off" spellCheck={false} />
        </FormField>
        <FormField label={t('monitor.job.misfirePolicy')} name="misfirePolicy">
          <Radio.Group optionType="button" options={misfirePolicies} />
        </FormField>
        <FormField span={8} label={t('monitor.job.concurrent')} name="concurrent">
          <Radio.Group optionType="button" options={concurrency} />
        </FormField>
        <FormField span={8} label={t('monitor.job.failureStrategy')} name="failureStrategy">
          <Radio.Group optionType="button" options={failureStrategies} />
        </FormField>
        <FormField span={8} label={t('monitor.job.status')} name="status">
          <Radio.Group options={statuses} />
        </FormField>
        <FormField label={t('monitor.job.remark')} name="remark" rules={rules.remark}>
          <Input.TextArea maxLength={JOB_REMARK_MAX} rows={2} />
        </FormField>
      </Row>
    </FormDialog>
  );
}

/** The hint of the expression's form and, once the server has read it, its next five fire times. */
function NextTimes({ times }: { times: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <>
      <div>{t('monitor.job.cronHint')}</div>
      {times.length > 0 ? (
        <section aria-label={t('monitor.job.nextTimes')}>
          <Typography.Text type="secondary">{t('monitor.job.nextTimes')}</Typography.Text>
          <ol style={{ margin: 0, paddingInlineStart: 20 }}>
            {times.map((time) => (
              <li key={time}>{time}</li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}
