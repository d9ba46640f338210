/** The sign-in form's rules: what it refuses before asking the server. */

export interface LoginValues {
  username: string;
  password: string;
  code: string;
}

export type LoginField = keyof LoginValues;
/** The text (auth.login.<problem>) of each refusal. */
export type LoginProblem = 'usernameRequired' | 'passwordRequired' | 'codeRequired';

/**
 * What is missing: the account (blank after trimming), the password (empty), and the
 * verification code when the server asks for one.
 */
export function loginProblems(values: LoginValues, captchaEnabled: boolean): Partial<Record<LoginField, LoginProblem>> {
  const problems: Partial<Record<LoginField, LoginProblem>> = {};
  if (!values.username.trim()) problems.username = 'usernameRequired';
  if (!values.password) problems.password = 'passwordRequired';
  if (captchaEnabled && !values.code.trim()) problems.code = 'codeRequired';
  return problems;
}
