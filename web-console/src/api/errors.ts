import type { TFunction } from 'i18next';

/** The response envelope every route returns; `code` defaults to 200 when absent. */
export interface Envelope {
  code?: number;
  msg?: string;
  [field: string]: unknown;
}

export type ApiErrorKind =
  | 'unauthenticated'
  | 'server'
  | 'business'
  | 'network'
  | 'timeout'
  | 'http'
  | 'aborted';

/** How the error catalogue (spec section 8) tells the user about a failure. */
export type Presentation = 'relogin' | 'message' | 'notification' | 'none';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly presentation: Presentation;
  /** Envelope code, when the server answered with one. */
  readonly code: number | undefined;
  /** HTTP status, when there was a response. */
  readonly status: number | undefined;

  constructor(
    kind: ApiErrorKind,
    message: string,
    presentation: Presentation,
    details: { code?: number; status?: number } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.presentation = presentation;
    this.code = details.code;
    this.status = details.status;
  }
}

/** Messages the catalogue substitutes for the server's own text, by envelope code. */
const CODE_MESSAGES = {
  403: 'errors.forbidden',
  404: 'errors.notFound',
} as const;

export const SUCCESS_CODE = 200;

export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && !Array.isArray(body);
}

export function envelopeCode(envelope: Envelope): number {
  const code = Number(envelope.code ?? SUCCESS_CODE);
  return Number.isFinite(code) ? code : SUCCESS_CODE;
}

export type Outcome = { ok: true; envelope: Envelope } | { ok: false; error: ApiError };

/**
 * Maps one HTTP response to success or to a catalogued error. The status mirrors the
 * envelope code for errors, so the envelope is read whatever the status; the status is
 * only used when the body is not an envelope.
 */
export function interpretResponse(status: number, body: unknown, t: TFunction): Outcome {
  if (!isEnvelope(body)) {
    if (status >= 200 && status < 300) {
      return { ok: true, envelope: { code: SUCCESS_CODE, data: body } };
    }
    return {
      ok: false,
      error: new ApiError('http', t('errors.httpStatus', { status }), 'message', { status }),
    };
  }
  const code = envelopeCode(body);
  if (code === SUCCESS_CODE) return { ok: true, envelope: body };
  const serverMessage = typeof body.msg === 'string' && body.msg !== '' ? body.msg : undefined;
  if (code === 401) {
    return {
      ok: false,
      error: new ApiError('unauthenticated', t('errors.invalidSession'), 'relogin', { code, status }),
    };
  }
  if (code === 500) {
    return {
      ok: false,
      error: new ApiError('server', serverMessage ?? t('errors.unknown'), 'message', { code, status }),
    };
  }
  const cataloguedKey = code in CODE_MESSAGES ? CODE_MESSAGES[code as keyof typeof CODE_MESSAGES] : undefined;
  const message = cataloguedKey ? t(cataloguedKey) : (serverMessage ?? t('errors.unknown'));
  return { ok: false, error: new ApiError('business', message, 'notification', { code, status }) };
}

/** Failures before any response arrived. */
export function transportError(kind: 'network' | 'timeout' | 'aborted', t: TFunction): ApiError {
  switch (kind) {
    case 'network':
      return new ApiError('network', t('errors.network'), 'message');
    case 'timeout':
      return new ApiError('timeout', t('errors.timeout'), 'message');
    case 'aborted':
      return new ApiError('aborted', 'aborted', 'none');
  }
}

/** Serializable shape of an ApiError, as stored by RTK Query. */
export interface SerializedApiError {
  kind: ApiErrorKind;
  message: string;
  code?: number;
  status?: number;
}

export function serializeApiError(error: unknown): SerializedApiError {
  if (error instanceof ApiError) {
    return { kind: error.kind, message: error.message, code: error.code, status: error.status };
  }
  return { kind: 'network', message: error instanceof Error ? error.message : String(error) };
}
