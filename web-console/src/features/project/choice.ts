import type { ProjectOption } from './api';

/** The project a session works in: an id and its name, or none (the spec's -1 and ''). */
export type ProjectChoice = { id: string; name: string } | { id: undefined; name: '' };

/** No project: the user may see none (spec section 9, "Empty project id -1"). */
export const NO_PROJECT: ProjectChoice = { id: undefined, name: '' };

/**
 * The project to work in after signing in or reloading (issue 16): the remembered one while
 * the user may still see it (its name as the drop list gives it now), otherwise the first of
 * the drop list, and none when the list is empty. A user with projects is always in one.
 */
export function chooseProject(remembered: string | undefined, dropList: readonly ProjectOption[]): ProjectChoice {
  const kept = remembered === undefined ? undefined : dropList.find((project) => String(project.id) === remembered);
  const chosen = kept ?? dropList[0];
  return chosen ? { id: String(chosen.id), name: chosen.projectName } : NO_PROJECT;
}
