/** The panels the home page can show, by the project's module code. */
export const PANELS = ['gateway', 'alarm', 'energy', 'announcement'] as const;
export type Panel = (typeof PANELS)[number];

/**
 * The panels in the project's module order (positions 1 to 6), those without figures yet
 * (work orders, inspections...) left out; every panel when the project chose none.
 */
export function panelOrder(modules: readonly { position: number; moduleCode: string }[] | undefined): Panel[] {
  const chosen = [...(modules ?? [])]
    .sort((a, b) => a.position - b.position)
    .map((module) => module.moduleCode)
    .filter((code): code is Panel => (PANELS as readonly string[]).includes(code));
  return chosen.length > 0 ? chosen : [...PANELS];
}
