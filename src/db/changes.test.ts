import { describe, expect, it } from 'vitest';
import { ChangeStamps } from './changes.ts';

describe('change stamps', () => {
  it('change when a watched table is written, by this process or another', () => {
    let external = 1;
    const changes = new ChangeStamps(() => external);
    const before = changes.stamp(['auth_sessions']);
    changes.written(['products']);
    expect(changes.stamp(['auth_sessions'])).toBe(before);
    changes.written(['auth_sessions']);
    const afterLocal = changes.stamp(['auth_sessions']);
    expect(afterLocal).not.toBe(before);
    external = 2;
    expect(changes.stamp(['auth_sessions'])).not.toBe(afterLocal);
    const beforeRaw = changes.stamp(['auth_sessions']);
    changes.written(null);
    expect(changes.stamp(['auth_sessions'])).not.toBe(beforeRaw);
  });
  it('never allow caching without an external change counter', () => {
    expect(new ChangeStamps().stamp(['auth_sessions'])).toBeNull();
  });
});
