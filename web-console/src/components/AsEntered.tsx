import type { CSSProperties } from 'react';

const CLIPPED: CSSProperties = { display: 'inline-block', maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' };

/**
 * A value shown as it was entered or sent (a parameter's name, key or value, a dictionary's names and
 * labels), in whichever language it was written: marked translate="no", which the language
 * walk (e2e/language.spec.ts) leaves out. `clip`: one line, whole on hover.
 */
export default function AsEntered({ text, clip = false }: { text: string | null | undefined; clip?: boolean }) {
  const value = text ?? '';
  return (
    <span translate="no" title={clip ? value : undefined} style={clip ? CLIPPED : undefined}>
      {value}
    </span>
  );
}
