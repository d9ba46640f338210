import { useState } from 'react';
import { Button, Checkbox, Flex, Form, Input } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { useAppTitle } from '../../app/title';
import LanguageToggle from '../../components/LanguageToggle';
import { getRememberedLogin } from '../../lib/session';
import { postLoginTarget } from '../../routes/guard';
import { useGetCaptchaQuery } from './api';
import { signIn } from './session';

interface LoginFormValues {
  username: string;
  password: string;
  code?: string;
  rememberMe: boolean;
}

/** Sign-in (/login): account, password, captcha when the server enables it, remember me. */
export default function LoginPage() {
  const { t } = useTranslation();
  const title = useAppTitle();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm<LoginFormValues>();
  const [submitting, setSubmitting] = useState(false);
  const [initialValues] = useState<LoginFormValues>(() => {
    const remembered = getRememberedLogin();
    return { username: remembered.username, password: '', code: '', rememberMe: remembered.rememberMe };
  });
  const captcha = useGetCaptchaQuery();
  const captchaEnabled = captcha.data?.captchaEnabled ?? false;

  const onFinish = async (values: LoginFormValues) => {
    setSubmitting(true);
    try {
      const firstRoute = await dispatch(
        signIn({
          username: values.username,
          password: values.password,
          code: values.code ?? '',
          uuid: captcha.data?.uuid ?? '',
          rememberMe: values.rememberMe,
        }),
      ).unwrap();
      await navigate(postLoginTarget(searchParams.get('redirect'), firstRoute), { replace: true });
    } catch {
      // The client already showed the server's message; a fresh captcha for the next try.
      setSubmitting(false);
      if (captchaEnabled) {
        form.setFieldValue('code', '');
        void captcha.refetch();
      }
    }
  };

  return (
    <Flex
      vertical
      style={{ minHeight: '100%', background: 'linear-gradient(135deg, #0b1f3a 0%, #1d3f6e 55%, #409EFF 100%)' }}
    >
      <Flex justify="flex-end" style={{ padding: 12 }}>
        <div style={{ background: 'rgba(255,255,255,0.85)', borderRadius: 6 }}>
          <LanguageToggle />
        </div>
      </Flex>
      <Flex component="main" align="center" justify="center" style={{ flex: 1, padding: 16 }}>
        {/* Plain markup instead of Card/Typography keeps the sign-in bundle small. */}
        <section
          aria-labelledby="login-title"
          style={{
            width: 400,
            maxWidth: '100%',
            padding: '32px 32px 24px',
            background: '#fff',
            borderRadius: 8,
            boxShadow: '0 8px 24px rgba(0, 0, 0, 0.25)',
          }}
        >
          <h1 id="login-title" style={{ textAlign: 'center', margin: '0 0 24px', fontSize: 22, fontWeight: 600 }}>
            {title}
          </h1>
          <Form<LoginFormValues>
            form={form}
            name="login"
            aria-label={t('login.formLabel')}
            initialValues={initialValues}
            onFinish={(values) => void onFinish(values)}
            size="large"
          >
            <Form.Item
              name="username"
              rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
            >
              <Input
                aria-label={t('login.username')}
                placeholder={t('login.username')}
                autoComplete="username"
                prefix={<UserOutlined />}
              />
            </Form.Item>
            <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
              <Input.Password
                aria-label={t('login.password')}
                placeholder={t('login.password')}
                autoComplete="current-password"
                prefix={<LockOutlined />}
              />
            </Form.Item>
            {captchaEnabled ? (
              <Flex gap={8} align="flex-start">
                <Form.Item
                  name="code"
                  style={{ flex: 1 }}
                  rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}
                >
                  <Input
                    aria-label={t('login.code')}
                    placeholder={t('login.code')}
                    autoComplete="off"
                    prefix={<SafetyOutlined />}
                  />
                </Form.Item>
                <Button
                  htmlType="button"
                  aria-label={t('login.refreshCaptcha')}
                  title={t('login.refreshCaptcha')}
                  onClick={() => void captcha.refetch()}
                  style={{ width: 120, height: 40, padding: 0, overflow: 'hidden' }}
                >
                  {captcha.data?.image ? (
                    <img
                      src={captcha.data.image}
                      alt={t('login.captchaImage')}
                      style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                    />
                  ) : null}
                </Button>
              </Flex>
            ) : null}
            <Form.Item name="rememberMe" valuePropName="checked">
              <Checkbox>{t('login.rememberMe')}</Checkbox>
            </Form.Item>
            <Form.Item style={{ marginBottom: 0 }}>
              <Button type="primary" htmlType="submit" block loading={submitting}>
                {submitting ? t('login.submitting') : t('login.submit')}
              </Button>
            </Form.Item>
          </Form>
        </section>
      </Flex>
    </Flex>
  );
}
