import { Button, Dropdown } from 'antd';
import { FontSizeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../app/feedback';
import { SIZE_LABELS, SIZES, updateSettings, useSettings, type Size } from '../lib/settings';

/** Spec section 8, word for word. */
export const SIZE_SWITCHED = 'Switch Size Success';

/** The size selector (Default, Medium, Small, Mini); the choice goes to the `size` cookie. */
export default function SizeSelect() {
  const { t } = useTranslation();
  const { size } = useSettings();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((value) => ({ key: value, label: SIZE_LABELS[value], disabled: value === size })),
        onClick: ({ key }) => {
          updateSettings({ size: key as Size });
          showMessage('success', SIZE_SWITCHED);
        },
      }}
    >
      <Button type="text" aria-label={t('layout.size')} title={t('layout.size')} icon={<FontSizeOutlined aria-hidden />} />
    </Dropdown>
  );
}
