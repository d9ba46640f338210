import { APP_CLIENT_DEPS, createHttpClient, type QueryParams } from './client';
import { ApiError, type Envelope } from './errors';

/** A row an import refused: its row number in the sheet (the header is 1) and why, beside its own key (account, code). */
export interface SheetImportFailure {
  row: number;
  msg: string;
}

/** What an import answered: its msg, and the refused rows (none when everything was imported). */
export interface SheetImportOutcome<Failure extends SheetImportFailure = SheetImportFailure> {
  msg: string;
  failures: Failure[];
}

/** The failures of an import's refusal (`data.failures`), or undefined when it has none. */
export function importFailuresOf<Failure extends SheetImportFailure>(body: unknown): Failure[] | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const data = (body as Envelope).data;
  if (typeof data !== 'object' || data === null) return undefined;
  const failures = (data as { failures?: unknown }).failures;
  return Array.isArray(failures) && failures.length > 0 ? (failures as Failure[]) : undefined;
}

/**
 * Sends a sheet to an import route (multipart `file`, RuoYi's importData), all or none: the
 * client answers a refusal with its msg only, so this client (the console's, made of the same
 * parts) also keeps the answer's body to read `data.failures`. A refusal with failures (code
 * 500, nothing imported) resolves with them; any other failure is shown as usual and rejects.
 */
export async function sendSheetImport<Failure extends SheetImportFailure>(
  url: string,
  file: File,
  params?: QueryParams,
): Promise<SheetImportOutcome<Failure>> {
  let answered: unknown;
  const client = createHttpClient({
    ...APP_CLIENT_DEPS,
    fetch: async (input, init) => {
      const response = await APP_CLIENT_DEPS.fetch(input, init);
      answered = await response
        .clone()
        .json()
        .catch(() => undefined);
      return response;
    },
  });
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    const envelope = await client.request({ url, method: 'POST', params, data: form, silent: true });
    return { msg: typeof envelope.msg === 'string' ? envelope.msg : '', failures: [] };
  } catch (error) {
    const failures = importFailuresOf<Failure>(answered);
    if (error instanceof ApiError && failures) return { msg: error.message, failures };
    if (error instanceof ApiError && error.presentation !== 'none') APP_CLIENT_DEPS.present(error);
    throw error;
  }
}
