import { describe, expect, it } from 'vitest';
import { ADMIN_PREFIX, adminKind, normalisedPath } from '../../../sandbox/http/guard';

describe('the admin guard reads a path as the router does', () => {
  it('decodes, resolves dot segments and doubled slashes', () => {
    expect(normalisedPath('/%5F%5Fsandbox/accounts')).toBe('/__sandbox/accounts');
    expect(normalisedPath('/__sandbox%2Faccounts')).toBe('/__sandbox/accounts');
    expect(normalisedPath('//__sandbox//accounts/')).toBe('/__sandbox/accounts/');
    expect(normalisedPath('/markets/../__sandbox/./accounts')).toBe('/__sandbox/accounts');
    expect(normalisedPath('/__sandbox\\accounts')).toBe('/__sandbox/accounts');
    expect(normalisedPath('/bad%E0%A4%A')).toBe('/bad%E0%A4%A');
  });

  it('an admin path spelled plainly is admin, any other spelling is refused, the rest untouched', () => {
    expect(adminKind(`${ADMIN_PREFIX}accounts`, `${ADMIN_PREFIX}accounts`)).toBe('admin');
    expect(adminKind(`${ADMIN_PREFIX}markets/btc/resolve`, undefined)).toBe('admin');
    expect(adminKind('/__sandbox', undefined)).toBe('admin');
    for (const path of [
      '/%5F%5Fsandbox/accounts',
      '/__sandbox%2Faccounts',
      '//__sandbox/accounts',
      '/__SANDBOX/accounts',
      '/x/../__sandbox/accounts',
      '/__Sandbox',
    ]) {
      expect(adminKind(path, undefined), path).toBe('disguised');
    }
    // Whatever the text, a request the router sent to an admin route is one.
    expect(adminKind('/anything', `${ADMIN_PREFIX}accounts`)).toBe('disguised');
    expect(adminKind('/markets/active', '/markets/active')).toBe('other');
    expect(adminKind('/__sandboxes/x', undefined)).toBe('other');
    expect(adminKind('/markets/%61ctive', '/markets/active')).toBe('other');
  });
});
