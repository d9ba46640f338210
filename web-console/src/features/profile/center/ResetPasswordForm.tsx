import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { profilePasswordRule, sameAsRule } from '../../../lib/formRules';
import { useUpdatePasswordMutation } from '../api';
import '../i18n';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change password: old one checked by the server, new one 6 to 20, entered twice (spec section 5). */
export default function ResetPasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [updatePassword, { isLoading }] = useUpdatePasswordMutation();

  const submit = async ({ oldPassword, newPassword }: Values) => {
    try {
      await updatePassword({ oldPassword, newPassword }).unwrap();
      showMessage('success', t('profile.passwordChanged'));
      form.resetFields();
    } catch {
      // the client showed the server's message (e.g. a wrong old password)
    }
  };

  return (
    <Form<Values> form={form} layout="vertical" name="password" onFinish={(values) => void submit(values)} style={{ maxWidth: 480 }}>
      <Form.Item label={t('profile.oldPassword')} name="oldPassword" rules={[{ required: true, message: t('profile.oldPasswordRequired') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label={t('profile.newPassword')}
        name="newPassword"
        rules={[{ required: true, message: t('profile.newPasswordRequired') }, profilePasswordRule(t)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={t('profile.confirmPassword')}
        name="confirmPassword"
        dependencies={['newPassword']}
        rules={[{ required: true, message: t('profile.confirmPasswordRequired') }, sameAsRule(t, 'newPassword')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
