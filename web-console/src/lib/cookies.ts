import Cookies from 'js-cookie';

/**
 * Attributes of every cookie the console writes: `SameSite=Strict`, so no other site's page
 * can make the browser send the token, and `Secure` when the console is served over https.
 */
export function cookieAttributes(protocol: string = window.location.protocol): Cookies.CookieAttributes {
  return { sameSite: 'strict', secure: protocol === 'https:' };
}

/** The console's cookie jar: js-cookie with [`cookieAttributes`]. */
export const cookies = Cookies.withAttributes(cookieAttributes());
