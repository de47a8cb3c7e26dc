import { describe, expect, it } from 'vitest';
import { redactedUrl } from './log-redaction.ts';

describe('the request log', () => {
  it('keeps the values of ordinary query parameters and hides those of secrets', () => {
    expect(redactedUrl('/api/products?page=2&size=50')).toBe('/api/products?page=2&size=50');
    expect(
      redactedUrl('/api/oauth/token?grant_type=client_credentials&client_id=c&client_secret=s3cr3t&api_key=tak_1'),
    ).toBe('/api/oauth/token?grant_type=client_credentials&client_id=c&client_secret=[redacted]&api_key=[redacted]');
    expect(redactedUrl('/admin/integrations?ticket=eyJhbGciOi.x.y')).toBe('/admin/integrations?ticket=[redacted]');
    expect(redactedUrl('/callback?code=abc&state=xyz')).toBe('/callback?code=[redacted]&state=xyz');
    expect(redactedUrl('/x?%63lient_secret=1')).toBe('/x?%63lient_secret=[redacted]');
    expect(redactedUrl('/x?%zz=1')).toBe('/x?%zz=1');
  });
});
