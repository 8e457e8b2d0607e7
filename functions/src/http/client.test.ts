import { describe, expect, it } from 'vitest';
import { requestClient, viewerIp } from './client.js';

describe('the request client (audit log)', () => {
  it("takes the viewer's address from CloudFront's header, without its port", () => {
    expect(viewerIp('198.51.100.7:46532')).toBe('198.51.100.7');
    expect(viewerIp('2001:db8::1:46532')).toBe('2001:db8::1');
    expect(viewerIp(undefined)).toBeUndefined();
    expect(
      requestClient(
        { 'CloudFront-Viewer-Address': '198.51.100.7:443', 'User-Agent': 'Firefox' },
        '130.176.1.1',
      ),
    ).toEqual({ sourceIp: '198.51.100.7', userAgent: 'Firefox' });
  });

  it('falls back to the connection’s address and the given user agent, else unknown', () => {
    expect(requestClient({ 'user-agent': 'curl/8' }, '127.0.0.1')).toEqual({
      sourceIp: '127.0.0.1',
      userAgent: 'curl/8',
    });
    expect(requestClient(null, '203.0.113.5', 'from-context')).toEqual({
      sourceIp: '203.0.113.5',
      userAgent: 'from-context',
    });
    expect(requestClient({}, undefined)).toEqual({ sourceIp: 'unknown', userAgent: 'unknown' });
  });
});
