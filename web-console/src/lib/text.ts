/** Width of a button by its text (spec section 5): Chinese 2, others 1, times 12, at least 50. */
export const BUTTON_CHAR_WIDTH = 12;
export const BUTTON_MIN_WIDTH = 50;

const CHINESE = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]/;

export function textLength(text: string): number {
  let length = 0;
  for (const char of text) length += CHINESE.test(char) ? 2 : 1;
  return length;
}

export function buttonWidth(text: string): number {
  return Math.max(BUTTON_MIN_WIDTH, textLength(text) * BUTTON_CHAR_WIDTH);
}
