import { Button } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage, nextLanguage } from '../i18n';

/** Alternates zh-CN and en; the button reads the language it switches to. */
export default function LanguageToggle({ onChanged }: { onChanged?: () => void }) {
  const { t, i18n } = useTranslation();
  const target = nextLanguage(i18n.language);
  return (
    <Button
      type="text"
      icon={<TranslationOutlined aria-hidden />}
      title={t('layout.switchLanguage')}
      lang={target}
      onClick={() => {
        void changeLanguage(target).then(() => onChanged?.());
      }}
    >
      {t(`language.${target}`)}
    </Button>
  );
}
