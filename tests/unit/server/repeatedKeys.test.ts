import { describe, expect, it } from 'vitest';
import { repeatedKeys } from '../../../server/meta/repeatedKeys.js';

describe('repeatedKeys: a key given twice in one JSON object', () => {
  it('finds a label defined twice in one locale file, at its second place', () => {
    const text =
      '{\n  "room.title": { "en": "Room", "id": "Kamar" },\n  "room.floor": { "en": "Floor", "id": "Lantai" },\n  "room.title": { "en": "Rooms", "id": "Kamar" }\n}';
    expect(repeatedKeys(text)).toEqual([{ pointer: '/room.title', key: 'room.title' }]);
  });

  it('finds it at any depth, with escaped keys and arrays on the way', () => {
    const text = '{"routes":[{"path":"/fo"},{"path":"/sales","name":{"en":"Sales","en":"Sales & marketing"}}],"a/b":{"x~y":1,"x~y":2}}';
    expect(repeatedKeys(text)).toEqual([
      { pointer: '/routes/1/name/en', key: 'en' },
      { pointer: '/a~1b/x~0y', key: 'x~y' },
    ]);
  });

  it('is not fooled by the same key in sibling objects, by values that look like keys, or by escapes', () => {
    const text = '{"a":{"en":"x"},"b":{"en":"\\"en\\": y"},"c":["en","en"],"d":"\\u0041"}';
    expect(repeatedKeys(text)).toEqual([]);
  });
});
