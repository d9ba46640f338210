import { useEffect } from 'react';
import { Alert, Checkbox, Col, Form, Input, Radio, Row, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../../components/formDialog';
import { useDealInspectionTaskMutation, useGetInspectionTaskQuery } from '../../api';
import { INSPECTION_DESCRIPTION_MAX, inspectionRules, POINT_REMARK_MAX, QUESTION_OTHER, RESULT_ABNORMAL } from '../../rules';
import type { InspectionDealt, InspectionTask } from '../../types';
import { useWorkOrderQuestions } from '../../workOrder/dicts';
import { useResults } from '../dicts';
import { PointTypeTag } from '../Tags';
import { dealValuesOf, toDeal, type DealFormValues } from './formValues';
import '../../i18n';

export interface DealDialogProps {
  task: InspectionTask;
  /** Told the answer once the results are recorded (the work orders raised). */
  onDealt: (dealt: InspectionDealt) => void;
  onClose: () => void;
}

/**
 * Records a task's results: a result description (required), and for every point of the task
 * (read afresh, in order) normal or abnormal and a remark; an abnormal point may raise a work
 * order of the question chosen (other unless chosen).
 */
export default function DealDialog({ task, onDealt, onClose }: DealDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DealFormValues>();
  const rules = inspectionRules(t);
  const results = useResults();
  const questions = useWorkOrderQuestions();
  const { data: detail, isFetching, isError } = useGetInspectionTaskQuery(task.taskId, { refetchOnMountOrArgChange: true });
  const [deal] = useDealInspectionTaskMutation();
  const loaded = detail !== undefined && !isFetching;

  useEffect(() => {
    if (detail) form.setFieldsValue(dealValuesOf(detail, QUESTION_OTHER));
  }, [form, detail]);

  const save = async (values: DealFormValues) => {
    // every point needs its result: saving before the points arrived would send none
    if (!detail || !loaded) throw new Error(t('operation.inspection.task.loadingPoints'));
    onDealt(await deal(toDeal(detail, values)).unwrap());
  };

  return (
    <FormDialog<DealFormValues> size="half" form={form} name="inspectionDeal" title={t('operation.inspection.task.dealTitle', { name: task.taskName })}
      onSave={save} savedMessage={t('operation.inspection.task.dealt')} onClose={onClose}>
      <Form.Item label={t('operation.inspection.task.description')} name="description" rules={rules.description}>
        <Input.TextArea rows={3} maxLength={INSPECTION_DESCRIPTION_MAX} showCount />
      </Form.Item>
      {isError ? <Alert type="error" showIcon message={t('operation.inspection.task.loadingPoints')} /> : null}
      <Spin spinning={!loaded && !isError}>
        <div style={{ maxHeight: 420, overflowY: 'auto', overflowX: 'hidden' }}>
          {(detail?.points ?? []).map((point, index) => (
            <fieldset key={point.pointId} aria-label={t('operation.inspection.task.pointLegend', { seq: index + 1, name: point.pointName })}
              style={{ border: '1px solid rgba(5, 5, 5, 0.06)', borderRadius: 6, padding: '8px 12px', margin: '0 0 8px' }}>
              <legend style={{ fontSize: 14, width: 'auto', padding: '0 4px', margin: 0, border: 0 }}>
                {index + 1}. <PointTypeTag pointType={point.pointType} />
                <span translate="no">{point.pointName}</span>
              </legend>
              <Row gutter={16}>
                <FormField span={10} label={t('operation.inspection.result.title')} name={['results', index, 'result']} rules={rules.result}>
                  <Radio.Group options={results} />
                </FormField>
                <FormField span={14} label={t('operation.inspection.task.pointRemark')} name={['results', index, 'remark']} rules={rules.pointRemark}>
                  <Input maxLength={POINT_REMARK_MAX} />
                </FormField>
                <Form.Item noStyle dependencies={[['results', index, 'result'], ['results', index, 'workOrder']]}>
                  {({ getFieldValue }) =>
                    getFieldValue(['results', index, 'result']) === RESULT_ABNORMAL ? (
                      <>
                        <Col xs={24} md={10}>
                          <Form.Item name={['results', index, 'workOrder']} valuePropName="checked" style={{ marginBottom: 8 }}>
                            <Checkbox>{t('operation.inspection.task.raiseWorkOrder')}</Checkbox>
                          </Form.Item>
                        </Col>
                        {getFieldValue(['results', index, 'workOrder']) === true ? (
                          <FormField span={14} label={t('operation.inspection.task.questionType')} name={['results', index, 'questionType']} rules={rules.questionType}>
                            <Select placeholder={t('common.choose')} options={questions} />
                          </FormField>
                        ) : null}
                      </>
                    ) : null
                  }
                </Form.Item>
              </Row>
            </fieldset>
          ))}
        </div>
      </Spin>
    </FormDialog>
  );
}
