import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Checkbox, Flex } from 'antd';
// Input and Password without TextArea, Search and OTP: the sign-in bundle stays small.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { loadAntdLocale } from '../../../app/antdLocale';
import { loadStore } from '../../../app/storeAccess';
import { useProductName } from '../../../app/title';
import LanguageToggle from '../../../components/LanguageToggle';
import { getRememberedLogin, setRememberedLogin } from '../../../lib/session';
import { postLoginTarget } from '../../../routes/guard';
import { loginProblems, type LoginField, type LoginProblem } from '../rules';
import type { Captcha } from '../types';
import { fetchCaptcha, requestLogin } from './login';
import '../i18n';

interface Values {
  username: string;
  password: string;
  code: string;
  rememberMe: boolean;
}

type Field = LoginField;
type Errors = Partial<Record<Field, string>>;

/** What completing the sign-in needs; loading starts with the submit, alongside POST /login. */
function loadSessionCode() {
  return Promise.all([loadStore(), import('../session')]);
}

/**
 * What the first signed-in page needs once the session is complete, started with the submit
 * too but not waited for: the main layout and what its route loads with it (the store's
 * provider, antd's and dayjs's texts in the language in use).
 */
function preloadLayoutCode(language: string) {
  return Promise.all([
    import('../../../layout/MainLayout'),
    import('../../../app/StoreProvider'),
    loadAntdLocale(language),
  ]);
}

/** Where the form hands over once signed in: the page that shows it says how to get there. */
export interface SignInExit {
  /** The `redirect` query parameter of the sign-in URL, if any. */
  redirect: string | null;
  /** More code to load alongside the sign-in request (the router, when it is not loaded yet). */
  prepare?: () => Promise<unknown>;
  /** Goes to `target` (a path inside the console), replacing the sign-in page in the history. */
  go: (target: string) => Promise<void> | void;
}

function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div id={id} role="alert" style={{ color: '#ff4d4f', fontSize: 14, lineHeight: '22px', minHeight: 22 }}>
      {children}
    </div>
  );
}

/**
 * Sign-in (/login): account, password, captcha when the server enables it, remember me.
 * A plain form over antd inputs (no antd Form, no Redux, no router): the page is the
 * console's first download. LoginPage shows it inside the router, StandaloneLoginPage before
 * the router is loaded.
 */
export function LoginForm({ exit }: { exit: SignInExit }) {
  const { t, i18n } = useTranslation();
  const title = useProductName();
  const [values, setValues] = useState<Values>(() => {
    const remembered = getRememberedLogin();
    return { username: remembered.username, password: '', code: '', rememberMe: remembered.rememberMe };
  });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha | undefined>();
  const captchaEnabled = captcha?.captchaEnabled ?? false;

  const refreshCaptcha = useCallback(() => {
    fetchCaptcha().then(setCaptcha, () => undefined);
  }, []);
  useEffect(refreshCaptcha, [refreshCaptcha]);

  const validate = (next: Values): Errors => {
    const found: Errors = {};
    for (const [field, problem] of Object.entries(loginProblems(next, captchaEnabled)) as [Field, LoginProblem][]) {
      found[field] = t(`auth.login.${problem}`);
    }
    return found;
  };

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validate(next)[field] }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    const signedInCode = loadSessionCode();
    signedInCode.catch(() => undefined);
    preloadLayoutCode(i18n.language).catch(() => undefined);
    const prepared = exit.prepare?.();
    prepared?.catch(() => undefined);
    try {
      const username = values.username.trim();
      const token = await requestLogin({
        username,
        password: values.password,
        code: values.code,
        uuid: captcha?.uuid ?? '',
      });
      setRememberedLogin({ username, rememberMe: values.rememberMe });
      const [store, { completeSignIn }] = await signedInCode;
      const firstRoute = await store.dispatch(completeSignIn(token)).unwrap();
      await prepared;
      await exit.go(postLoginTarget(exit.redirect, firstRoute));
    } catch {
      // The client already showed the server's message; a fresh captcha for the next try.
      setSubmitting(false);
      if (captchaEnabled) {
        setValues((current) => ({ ...current, code: '' }));
        refreshCaptcha();
      }
    }
  };

  const inputProps = (field: Field) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    status: errors[field] ? ('error' as const) : undefined,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `login-${field}-error` : undefined,
    size: 'large' as const,
  });

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
          <form aria-label={t('auth.login.formLabel')} noValidate onSubmit={(event) => void onSubmit(event)}>
            <Input
              {...inputProps('username')}
              aria-label={t('auth.login.username')}
              placeholder={t('auth.login.username')}
              autoComplete="username"
              prefix={<UserOutlined />}
            />
            <FieldError id="login-username-error">{errors.username}</FieldError>
            <Password
              {...inputProps('password')}
              aria-label={t('auth.login.password')}
              placeholder={t('auth.login.password')}
              autoComplete="current-password"
              prefix={<LockOutlined />}
            />
            <FieldError id="login-password-error">{errors.password}</FieldError>
            {captchaEnabled ? (
              <>
                <Flex gap={8} align="flex-start">
                  <Input
                    {...inputProps('code')}
                    aria-label={t('auth.login.code')}
                    placeholder={t('auth.login.code')}
                    autoComplete="off"
                    prefix={<SafetyOutlined />}
                    style={{ flex: 1 }}
                  />
                  <Button
                    htmlType="button"
                    aria-label={t('auth.login.refreshCaptcha')}
                    title={t('auth.login.refreshCaptcha')}
                    onClick={refreshCaptcha}
                    style={{ width: 120, height: 40, padding: 0, overflow: 'hidden' }}
                  >
                    {captcha?.image ? (
                      <img
                        src={captcha.image}
                        alt={t('auth.login.captchaImage')}
                        style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                      />
                    ) : null}
                  </Button>
                </Flex>
                <FieldError id="login-code-error">{errors.code}</FieldError>
              </>
            ) : null}
            <div style={{ margin: '4px 0 20px' }}>
              <Checkbox
                checked={values.rememberMe}
                onChange={(event) => setValues((current) => ({ ...current, rememberMe: event.target.checked }))}
              >
                {t('auth.login.rememberMe')}
              </Checkbox>
            </div>
            <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
              {submitting ? t('auth.login.submitting') : t('auth.login.submit')}
            </Button>
          </form>
        </section>
      </Flex>
    </Flex>
  );
}
