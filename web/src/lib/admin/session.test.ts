import { describe, expect, it } from 'vitest';
import { afterLoginPath, loginPathFrom } from './session';

describe('where the console login leads', () => {
  it('goes back to the console page the operator was sent from', () => {
    expect(afterLoginPath('/admin/audit?action=operator.create')).toBe('/admin/audit?action=operator.create');
    expect(afterLoginPath('/admin')).toBe('/admin');
  });

  it('never leaves the console, nor returns to the login itself', () => {
    for (const bad of [null, '', '//evil.example/admin', 'https://evil.example/admin', '/cart', '/administrator', '/admin/login?redirect=/admin']) {
      expect(afterLoginPath(bad)).toBe('/admin');
    }
  });

  it('sends an operator whose session ended to the login with where they were', () => {
    expect(loginPathFrom({ pathname: '/admin/security', search: '' })).toBe('/admin/login?redirect=%2Fadmin%2Fsecurity');
    expect(loginPathFrom({ pathname: '/admin', search: '' })).toBe('/admin/login');
    expect(loginPathFrom({ pathname: '/admin/login', search: '?redirect=x' })).toBe('/admin/login');
  });
});
