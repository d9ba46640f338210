import { Tag } from 'antd';
import type { DictData } from '../types';

/** antd's tag colour of RuoYi's item styles; "default" (or none) is plain text. */
const TAG_COLORS: Readonly<Record<string, string>> = { primary: 'processing', success: 'success', info: 'default', warning: 'warning', danger: 'error' };

/** An item's label as the lists of other pages show it, in its style and class; as entered (see shared/AsEntered.tsx). */
export default function ItemLabel({ item }: { item: DictData }) {
  const color = Object.hasOwn(TAG_COLORS, item.listClass) ? TAG_COLORS[item.listClass] : undefined;
  if (!color) {
    return (
      <span translate="no" className={item.cssClass || undefined}>
        {item.dictLabel}
      </span>
    );
  }
  return (
    <Tag translate="no" color={color} className={item.cssClass || undefined}>
      {item.dictLabel}
    </Tag>
  );
}
