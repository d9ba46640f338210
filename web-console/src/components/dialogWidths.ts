/** The spec's dialog widths (section 9). */
export const DIALOG_WIDTHS = { small: '500px', half: '50%' } as const;
export type DialogWidth = keyof typeof DIALOG_WIDTHS;
