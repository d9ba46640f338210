/** A payload as the dialog shows it: its text, and whether that is a JSON object or array laid out. */
export interface ShownPayload {
  text: string;
  json: boolean;
}

const INDENT = '  ';

/**
 * Valid JSON laid out two spaces an indent, every token as written: numbers keep their digits
 * (220.0, an identifier beyond 2^53), strings their escapes, keys their order and repeats,
 * which a parse and stringify would change.
 */
function layOut(json: string): string {
  let out = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  const newline = () => `\n${INDENT.repeat(depth)}`;
  for (let at = 0; at < json.length; at += 1) {
    const char = json.charAt(at);
    if (inString) {
      out += char;
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    switch (char) {
      case '"':
        inString = true;
        out += char;
        break;
      case '{':
      case '[': {
        // an empty object or array stays on its line
        const close = char === '{' ? '}' : ']';
        let next = at + 1;
        while (next < json.length && ' \t\n\r'.includes(json.charAt(next))) next += 1;
        if (json.charAt(next) === close) {
          out += char + close;
          at = next;
          break;
        }
        depth += 1;
        out += char + newline();
        break;
      }
      case '}':
      case ']':
        depth -= 1;
        out += newline() + char;
        break;
      case ',':
        out += `,${newline()}`;
        break;
      case ':':
        out += ': ';
        break;
      case ' ':
      case '\t':
      case '\n':
      case '\r':
        // whitespace between tokens: laid out anew
        break;
      default:
        out += char;
    }
  }
  return out;
}

/**
 * The whole payload as the dialog shows it: a JSON object or array laid out (two spaces an
 * indent, its tokens as written); anything else as recorded (a payload cut at 8 KiB, bytes
 * the server wrote as hex, text).
 */
export function shownPayload(payload: string): ShownPayload {
  const trimmed = payload.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return { text: payload, json: false };
  try {
    JSON.parse(trimmed);
  } catch {
    return { text: payload, json: false };
  }
  return { text: layOut(trimmed), json: true };
}
