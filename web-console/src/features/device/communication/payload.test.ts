import { describe, expect, it } from 'vitest';
import { shownPayload } from './payload';

describe('a payload shown in full', () => {
  it('lays out a JSON object or array two spaces an indent, every token as written', () => {
    expect(shownPayload('{"a":1,"b":[1,2],"c":{}}')).toEqual({ text: '{\n  "a": 1,\n  "b": [\n    1,\n    2\n  ],\n  "c": {}\n}', json: true });
    expect(shownPayload(' [ ] ')).toEqual({ text: '[]', json: true });
    // numbers keep their digits, keys their order and repeats
    expect(shownPayload('{"v":220.0,"id":12345678901234567890,"e":1E3,"v":-0.50}').text).toBe(
      '{\n  "v": 220.0,\n  "id": 12345678901234567890,\n  "e": 1E3,\n  "v": -0.50\n}',
    );
    // strings as written: their braces, commas, colons, spaces and escapes untouched
    expect(shownPayload('{ "s" : "a, {b}: [c] \\"d\\" \\\\" }').text).toBe('{\n  "s": "a, {b}: [c] \\"d\\" \\\\"\n}');
    // laid out anew, whatever the spacing sent
    expect(shownPayload('{\n\t"a" :\r\n [ 1 ,2 ] }').text).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
  });

  it('shows anything else as recorded: a cut payload, hex, text, a JSON scalar', () => {
    for (const payload of ['{"kind":"door_open","detail":"AAAA', '0a 1b ff 00', 'PING', '42', '"x"', '', '{not json}']) {
      expect(shownPayload(payload)).toEqual({ text: payload, json: false });
    }
  });
});
