import type { PageQuery } from '../../components/listPage';

/** '1' switches every loop on (full light), '0' off. */
export type TimingSwitchState = '0' | '1';

/** '0' waiting, '1' in force, '2' over: the server reads it from the present time. */
export type TimingState = '0' | '1' | '2';

/**
 * A timing one-key (docs/api-compatibility.md, "Timing one-key control"): every loop of every
 * gateway of the project on or off from `startTime` to `endTime`, above every task. Times are
 * `YYYY-MM-DD HH:mm:ss` in the site's time zone.
 */
export interface TimingOneKey {
  timingId: number;
  /** A TimingSwitchState; another string is shown as it is. */
  switchState: string;
  startTime: string;
  endTime: string;
  /** A TimingState; another string is shown as it is. */
  state: string;
  remark: string | null;
  createBy: string;
  createTime: string;
}

/** GET /landscape/timingOneKey/list: pages only, the latest start first. */
export type TimingOneKeyQuery = PageQuery;

/** POST /landscape/timingOneKey: times `YYYY-MM-DD HH:mm:00` in the site's time zone. */
export interface TimingOneKeyChange {
  switchState: TimingSwitchState;
  startTime: string;
  endTime: string;
  remark: string;
}
