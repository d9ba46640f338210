import type { MouseEvent, ReactNode } from 'react';
import type { PlanPoint } from '../types';

export interface PlanShape {
  key: string | number;
  name: string;
  points: readonly PlanPoint[];
  colour: string;
  /** Drawn stronger (the area being edited or chosen). */
  highlighted?: boolean;
}

export interface PlanMarker {
  key: string | number;
  label: string;
  at: PlanPoint;
  colour?: string;
}

interface Props {
  /** The plan picture's address. */
  picture: string;
  /** How the picture is named to assistive technology. */
  label: string;
  shapes?: readonly PlanShape[];
  markers?: readonly PlanMarker[];
  /** An outline being drawn: its points joined, not closed. */
  drawing?: readonly PlanPoint[];
  /** A click on the picture, as fractions of its width and height. */
  onPick?: (point: PlanPoint) => void;
  children?: ReactNode;
}

const round = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000;

const path = (points: readonly PlanPoint[]) => points.map((p) => `${p.x},${p.y}`).join(' ');

/**
 * The project's plan picture with areas, buildings and devices drawn over it. Coordinates
 * are fractions of the picture (an SVG with a 0-1 view box stretched over it), so a drawing
 * keeps its place at any size. A click reports where, when `onPick` is given.
 */
export default function PlanCanvas({ picture, label, shapes = [], markers = [], drawing, onPick, children }: Props) {
  const pick = (event: MouseEvent<SVGSVGElement>) => {
    if (!onPick) return;
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onPick({ x: round((event.clientX - box.left) / box.width), y: round((event.clientY - box.top) / box.height) });
  };
  return (
    <div style={{ position: 'relative', width: '100%', lineHeight: 0, userSelect: 'none' }}>
      <img src={picture} alt={label} style={{ width: '100%', height: 'auto', display: 'block' }} draggable={false} />
      <svg
        data-testid="plan-canvas"
        viewBox="0 0 1 1"
        preserveAspectRatio="none"
        onClick={pick}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', cursor: onPick ? 'crosshair' : 'default' }}
      >
        {shapes.map((shape) => (
          <polygon
            key={shape.key}
            points={path(shape.points)}
            fill={shape.colour}
            fillOpacity={shape.highlighted ? 0.45 : 0.25}
            stroke={shape.colour}
            strokeWidth={shape.highlighted ? 3 : 1.5}
            vectorEffect="non-scaling-stroke"
          >
            <title>{shape.name}</title>
          </polygon>
        ))}
        {drawing && drawing.length > 0 && (
          <g data-testid="plan-drawing">
            <polyline points={path(drawing)} fill="none" stroke="#F56C6C" strokeWidth={2} strokeDasharray="6 4" vectorEffect="non-scaling-stroke" />
            {drawing.map((p, i) => (
              <circle key={i} cx={p.x} cy={p.y} r={0.006} fill="#F56C6C" />
            ))}
          </g>
        )}
        {markers.map((marker) => (
          <g key={marker.key} role="img" aria-label={marker.label}>
            <circle cx={marker.at.x} cy={marker.at.y} r={0.012} fill={marker.colour ?? '#67C23A'} stroke="#fff" strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
            <title>{marker.label}</title>
          </g>
        ))}
      </svg>
      {children}
    </div>
  );
}
