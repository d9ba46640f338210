import type { FormInstance } from 'antd';
import { SEQUENTIAL, SINGLE, SYNCHRONOUS } from '../rules';
import type { CombinedSceneChange, CombinedSceneDetail, CombinedSceneMember, ExecutionMode, RepeatMode } from '../types';

/** One row of the members editor: a power scene, and its minutes in a sequence. */
export interface MemberRowValues {
  sceneId?: number;
  minutes?: number | null;
}

/** The combined scene form's fields (the modes are chosen before it is saved). */
export interface CombinedSceneFormValues {
  sceneName: string;
  executionMode: ExecutionMode;
  repeatMode: RepeatMode;
  remark?: string;
  members: MemberRowValues[];
}

/** A new row: its scene and minutes to be chosen. */
export const NEW_MEMBER: MemberRowValues = { minutes: null };

/** A new combined scene: the two rows it needs at least; both modes to be chosen. */
export const NEW_COMBINED_SCENE: Partial<CombinedSceneFormValues> = { members: [{ ...NEW_MEMBER }, { ...NEW_MEMBER }] };

export const asExecutionMode = (value: string): ExecutionMode => (value === SEQUENTIAL ? SEQUENTIAL : SYNCHRONOUS);
export const asRepeatMode = (value: string): RepeatMode => (value === '1' ? '1' : SINGLE);

/** A scene's members as rows; minutes left empty where it has none (synchronous). */
export function memberRowsOf(members: readonly CombinedSceneMember[]): MemberRowValues[] {
  return members.map(({ sceneId, minutes }) => ({ sceneId, minutes: minutes > 0 ? minutes : null }));
}

/** A combined scene's detail in the form. */
export function toValues({ sceneName, executionMode, repeatMode, remark, members }: CombinedSceneDetail): CombinedSceneFormValues {
  return { sceneName, executionMode: asExecutionMode(executionMode), repeatMode: asRepeatMode(repeatMode), remark, members: memberRowsOf(members) };
}

/** The form's values as the server takes them: texts trimmed, minutes 0 when synchronous. */
export function toChange(values: CombinedSceneFormValues): CombinedSceneChange {
  const sequential = values.executionMode === SEQUENTIAL;
  return {
    sceneName: values.sceneName.trim(),
    executionMode: values.executionMode,
    repeatMode: values.repeatMode,
    remark: (values.remark ?? '').trim(),
    members: (values.members ?? []).map((member) => ({ sceneId: member.sceneId ?? 0, minutes: sequential ? (member.minutes ?? 0) : 0 })),
  };
}

/** The minutes of one round of a sequence, once every row has whole minutes; undefined before. */
export function roundMinutes(members: readonly (MemberRowValues | undefined)[] | undefined): number | undefined {
  if (!members || members.length === 0) return undefined;
  let total = 0;
  for (const member of members) {
    const minutes = member?.minutes;
    if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes <= 0) return undefined;
    total += minutes;
  }
  return total;
}

/** The rows as they stand. */
export function membersOf(form: FormInstance<CombinedSceneFormValues>): MemberRowValues[] {
  return (form.getFieldValue('members') as MemberRowValues[] | undefined) ?? [];
}

/**
 * Checks again the rows that show an error ("repeated" may no longer hold once a row is
 * removed, moved or chosen again, or the mode changed), but `except`.
 */
export function recheckMembers(form: FormInstance<CombinedSceneFormValues>, except?: number) {
  const stale = membersOf(form).flatMap((_member, at) =>
    at === except
      ? []
      : (['sceneId', 'minutes'] as const)
          .map((field): ['members', number, 'sceneId' | 'minutes'] => ['members', at, field])
          .filter((name) => form.getFieldError(name).length > 0),
  );
  if (stale.length > 0) void form.validateFields(stale).catch(() => undefined);
}
