import { useEffect, useMemo, useRef, useState } from 'react';
import { AutoComplete, Button, type InputRef } from 'antd';
// Input without TextArea, Search and OTP: the layout loads with the home page (issue 17's budget).
import Input from 'antd/es/input/Input';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { searchablePages, type SearchablePage } from '../routes/menu';
import { useAllMenu } from './useVisibleMenu';

type Search = (query: string) => SearchablePage[];

/**
 * The header search (spec section 2): fuzzy search over the permitted pages' titles in both
 * languages and their paths. Keyboard: open with the button, type, arrows choose, Enter goes,
 * Escape closes. fuse.js is loaded when the search opens.
 */
export default function HeaderSearch() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const menu = useAllMenu();
  const pages = useMemo(() => searchablePages(menu), [menu]);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<{ run: Search } | undefined>();
  const inputRef = useRef<InputRef>(null);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    void import('./pageSearch').then(({ createPageSearch }) => {
      if (!cancelled) setSearch({ run: createPageSearch(pages) });
    });
    inputRef.current?.focus();
    return () => {
      cancelled = true;
    };
  }, [open, pages]);

  const results = search && query ? search.run(query) : [];
  const english = i18n.language === 'en';
  const options = results.map((page) => ({
    value: page.path,
    label: (english ? page.titleEn : page.titleZh).join(' > '),
  }));

  const close = () => {
    setOpen(false);
    setQuery('');
  };

  const go = (path: string) => {
    const page = results.find((result) => result.path === path) ?? pages.find((result) => result.path === path);
    close();
    if (!page) return;
    if (page.external) window.open(page.path, '_blank', 'noopener,noreferrer');
    else void navigate(page.path + page.search);
  };

  if (!open) {
    return (
      <Button
        type="text"
        aria-label={t('layout.search')}
        title={t('layout.search')}
        icon={<SearchOutlined aria-hidden />}
        onClick={() => setOpen(true)}
      />
    );
  }
  return (
    <AutoComplete
      value={query}
      options={options}
      onChange={setQuery}
      onSelect={go}
      defaultActiveFirstOption
      open={options.length > 0}
      style={{ width: 220 }}
      popupMatchSelectWidth={false}
    >
      <Input
        ref={inputRef}
        aria-label={t('layout.search')}
        placeholder={t('layout.searchPlaceholder')}
        prefix={<SearchOutlined aria-hidden />}
        onBlur={close}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      />
    </AutoComplete>
  );
}
