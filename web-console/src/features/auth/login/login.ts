import { http } from '../../../api/client';
import type { Envelope } from '../../../api/errors';
import type { Captcha, LoginBody } from '../types';

/**
 * The sign-in page's calls, on the plain HTTP client: the sign-in page does not load Redux
 * or RTK Query (they come with the first signed-in page).
 */

export function toCaptcha(envelope: Envelope): Captcha {
  return {
    captchaEnabled: envelope.captchaEnabled !== false,
    uuid: typeof envelope.uuid === 'string' ? envelope.uuid : '',
    image: typeof envelope.img === 'string' && envelope.img ? `data:image/png;base64,${envelope.img}` : '',
  };
}

/** GET /captchaImage. */
export async function fetchCaptcha(): Promise<Captcha> {
  return toCaptcha(await http.request({ url: '/captchaImage', isToken: false }));
}

/** POST /login; resolves with the token, rejects with the (already shown) error. */
export async function requestLogin(body: LoginBody): Promise<string> {
  const envelope = await http.request({ url: '/login', method: 'POST', data: body, isToken: false });
  return typeof envelope.token === 'string' ? envelope.token : '';
}
