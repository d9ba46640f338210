import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { AREA_MAX_POINTS, AREA_MIN_POINTS } from '../rules';
import type { PlanPoint } from '../types';
import PlanCanvas, { type PlanShape } from './PlanCanvas';
import '../i18n';

interface Props {
  /** The finished outline (the form's value). */
  value?: PlanPoint[];
  onChange?: (points: PlanPoint[]) => void;
  picture: string;
  /** The plan's other areas, drawn faintly for reference. */
  others: readonly PlanShape[];
  colour: string;
  /** The outline being drawn, or null when not drawing. */
  drawing: PlanPoint[] | null;
  onDrawing: (points: PlanPoint[] | null) => void;
}

/**
 * Draws an area's outline on the plan picture, as a form control: start drawing, click the
 * corners, finish (three corners at least). While drawing, the form refuses to save
 * ("finish editing before other actions"); the previous outline stays until finished.
 */
export default function PlanDrawer({ value, onChange, picture, others, colour, drawing, onDrawing }: Props) {
  const { t } = useTranslation();
  const finish = () => {
    if (!drawing || drawing.length < AREA_MIN_POINTS) {
      showMessage('warning', t('project.area.rules.notDrawn'));
      return;
    }
    onChange?.(drawing);
    onDrawing(null);
  };
  const add = (point: PlanPoint) => {
    if (!drawing) return;
    if (drawing.length >= AREA_MAX_POINTS) {
      showMessage('warning', t('project.area.rules.tooManyPoints', { max: AREA_MAX_POINTS }));
      return;
    }
    onDrawing([...drawing, point]);
  };
  const shapes: PlanShape[] = [
    ...others,
    ...(value && value.length > 0 && !drawing ? [{ key: 'this', name: t('project.area.thisArea'), points: value, colour, highlighted: true }] : []),
  ];
  return (
    <div>
      <Space wrap style={{ marginBottom: 8 }}>
        {drawing ? (
          <>
            <Button type="primary" onClick={finish}>{t('project.area.finish')}</Button>
            <Button onClick={() => onDrawing(drawing.slice(0, -1))} disabled={drawing.length === 0}>{t('project.area.undoPoint')}</Button>
            <Button onClick={() => onDrawing(null)}>{t('project.area.cancelDrawing')}</Button>
            <Typography.Text type="secondary">{t('project.area.drawingHint', { count: drawing.length, min: AREA_MIN_POINTS })}</Typography.Text>
          </>
        ) : (
          <Button onClick={() => onDrawing([])}>{value && value.length > 0 ? t('project.area.redraw') : t('project.area.draw')}</Button>
        )}
      </Space>
      <PlanCanvas picture={picture} label={t('project.area.plan')} shapes={shapes} drawing={drawing ?? undefined} onPick={drawing ? add : undefined} />
    </div>
  );
}
