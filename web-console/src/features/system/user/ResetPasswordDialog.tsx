import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/formDialog';
import { useResetUserPasswordMutation } from '../api';
import { passwordRules } from '../rules';
import type { User } from '../types';
import '../i18n';

interface ResetPasswordValues {
  password: string;
}

/** Sets a user's password (PUT /system/user/resetPwd), checked by the password rule of spec section 5 first. */
export default function ResetPasswordDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const [resetPassword] = useResetUserPasswordMutation();
  const save = ({ password }: ResetPasswordValues) => resetPassword({ userId: user.userId, password }).unwrap();
  return (
    <FormDialog<ResetPasswordValues> name="resetPwd" title={t('system.user.resetPassword.action')} onSave={save} onClose={onClose}
      savedMessage={t('system.user.resetPassword.done')}>
      <Typography.Paragraph>{t('system.user.resetPassword.hint', { name: user.userName })}</Typography.Paragraph>
      <Form.Item label={t('system.user.resetPassword.newPassword')} name="password" rules={passwordRules(t)} required>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}
