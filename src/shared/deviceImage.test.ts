import { describe, expect, it } from 'vitest';
import { deviceImageUrl } from './deviceImage';

const page = 'http://127.0.0.1:8082/';

describe('deviceImageUrl', () => {
  it('builds the media path on the same origin, encoding both parts', () => {
    expect(deviceImageUrl({ uniqueId: 'a/b', attributes: { deviceImage: 'device.png' } }, '', page)).toBe('http://127.0.0.1:8082/api/media/a%2Fb/device.png');
  });
  it('accepts an https backend, refuses plain http elsewhere and devices without an image', () => {
    expect(deviceImageUrl({ uniqueId: 'x', attributes: { deviceImage: 'i.jpg' } }, 'https://demo.example', page)).toBe('https://demo.example/api/media/x/i.jpg');
    expect(deviceImageUrl({ uniqueId: 'x', attributes: { deviceImage: 'i.jpg' } }, 'http://evil.example', page)).toBeNull();
    expect(deviceImageUrl({ uniqueId: 'x', attributes: {} }, '', page)).toBeNull();
    expect(deviceImageUrl({ uniqueId: 'x', attributes: { deviceImage: 5 } }, '', page)).toBeNull();
  });
});
