import { Flex } from 'antd';
import LanguageToggle from '../../components/LanguageToggle';
import NotAvailablePage from './NotAvailablePage';

/** Open routes (/auth-redirect, /bind, /register) not built yet, outside the main layout. */
export default function StandaloneNotAvailablePage() {
  return (
    <Flex vertical style={{ minHeight: '100%' }}>
      <Flex justify="flex-end" style={{ padding: 12 }}>
        <LanguageToggle />
      </Flex>
      <main>
        <NotAvailablePage />
      </main>
    </Flex>
  );
}
