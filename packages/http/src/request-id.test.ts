import { describe, expect, it } from 'vitest';
import { acceptRequestId, MAX_REQUEST_ID_LENGTH } from './request-id.ts';

describe('acceptRequestId', () => {
  it('echoes common id formats', () => {
    for (const id of ['0193a3c4-5b6d-7e8f-9a0b-1c2d3e4f5a6b', 'Root=1-67891233-abcdef012345678912345678', 'req_abc.DEF:1/2+3=4@x']) {
      expect(acceptRequestId(id)).toBe(id);
    }
    expect(acceptRequestId('a'.repeat(MAX_REQUEST_ID_LENGTH))).toHaveLength(MAX_REQUEST_ID_LENGTH);
  });

  it('refuses empty, oversized and unsafe ids', () => {
    for (const id of [null, '', 'a'.repeat(MAX_REQUEST_ID_LENGTH + 1), 'a b', 'a\nb', '<script>', 'é', 'a"b', 'a\u0000']) {
      expect(acceptRequestId(id)).toBeNull();
    }
  });
});
