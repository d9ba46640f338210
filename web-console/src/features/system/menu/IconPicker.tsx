import { useState } from 'react';
import { Button, Empty, Flex, Input, Popover } from 'antd';
import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MENU_ICON_NAMES, menuIcon } from '../../../layout/menuIcons';
import '../i18n';

export interface IconPickerProps {
  /** From the form item: the field's id, its value and how to change it. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}

/**
 * A menu's icon: the field shows the chosen icon and its name; a click opens a searchable grid
 * of exactly the icons the sidebar draws (layout/menuIcons.tsx), so a menu never gets a name
 * the sidebar would draw as the fallback. Choosing one closes the grid; "no icon" empties it.
 */
export default function IconPicker({ id, value, onChange }: IconPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const wanted = filter.trim().toLowerCase();
  const names = MENU_ICON_NAMES.filter((name) => name.toLowerCase().includes(wanted));

  const choose = (name: string) => {
    onChange?.(name);
    setOpen(false);
    setFilter('');
  };

  const grid = (
    <Flex vertical gap={8} style={{ width: 336 }}>
      <Flex gap={8}>
        <Input
          allowClear
          autoFocus
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t('system.menu.iconPicker.search')}
          aria-label={t('system.menu.iconPicker.search')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        <Button icon={<CloseOutlined aria-hidden />} onClick={() => choose('')}>
          {t('system.menu.iconPicker.clear')}
        </Button>
      </Flex>
      {names.length > 0 ? (
        <div role="group" aria-label={t('system.menu.iconPicker.icons')} style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 4, maxHeight: 240, overflowY: 'auto' }}>
          {names.map((name) => (
            <Button
              key={name}
              type={name === value ? 'primary' : 'text'}
              icon={menuIcon(name)}
              aria-pressed={name === value}
              title={name}
              translate="no"
              style={{ justifyContent: 'flex-start' }}
              onClick={() => choose(name)}
            >
              {name}
            </Button>
          ))}
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('system.menu.iconPicker.none')} />
      )}
    </Flex>
  );

  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomLeft" title={t('system.menu.iconPicker.title')} content={grid} destroyOnHidden>
      <Input
        id={id}
        readOnly
        value={value ?? ''}
        translate="no"
        placeholder={t('system.menu.iconPicker.placeholder')}
        prefix={value ? menuIcon(value) : <SearchOutlined aria-hidden />}
        style={{ cursor: 'pointer' }}
      />
    </Popover>
  );
}
