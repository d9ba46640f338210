import { useEffect } from 'react';
import { Button, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { useAppDispatch } from '../../../app/hooks';
import { emailRule, phoneRule } from '../../../lib/formRules';
import { userUpdated } from '../../auth/authSlice';
import { useUpdateProfileMutation } from '../api';
import { EMAIL_MAX, NICKNAME_MAX, PHONE_MAX } from '../rules';
import type { Profile, ProfileChange } from '../types';
import '../i18n';

/** Basic details: nickname (required), phone and email (checked when given), gender. */
export default function UserInfoForm({ user }: { user: Profile }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<ProfileChange>();
  const [update, { isLoading }] = useUpdateProfileMutation();

  useEffect(() => {
    form.setFieldsValue({ nickName: user.nickName, phonenumber: user.phonenumber, email: user.email, sex: user.sex || '0' });
  }, [form, user]);

  const submit = async (values: ProfileChange) => {
    const change = { ...values, nickName: values.nickName.trim(), phonenumber: values.phonenumber ?? '', email: values.email ?? '' };
    try {
      await update(change).unwrap();
      dispatch(userUpdated({ nickName: change.nickName, phonenumber: change.phonenumber, email: change.email, sex: change.sex }));
      showMessage('success', t('profile.saved'));
    } catch {
      // the client showed the server's message
    }
  };

  return (
    <Form<ProfileChange> form={form} layout="vertical" name="profile" onFinish={(values) => void submit(values)} style={{ maxWidth: 480 }}>
      <Form.Item label={t('profile.nickName')} name="nickName" rules={[{ required: true, whitespace: true, message: t('profile.nickNameRequired') }, { max: NICKNAME_MAX }]}>
        <Input maxLength={NICKNAME_MAX} />
      </Form.Item>
      <Form.Item label={t('profile.phone')} name="phonenumber" rules={[phoneRule(t)]}>
        <Input maxLength={PHONE_MAX} inputMode="tel" />
      </Form.Item>
      <Form.Item label={t('profile.email')} name="email" rules={[emailRule(t), { max: EMAIL_MAX }]}>
        <Input maxLength={EMAIL_MAX} inputMode="email" />
      </Form.Item>
      <Form.Item label={t('profile.sex')} name="sex">
        <Radio.Group
          options={[
            { value: '0', label: t('profile.male') },
            { value: '1', label: t('profile.female') },
          ]}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
