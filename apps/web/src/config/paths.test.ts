import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirectTarget } from './paths';

describe('return to the page asked for after login', () => {
  it('spec §2 "login required, otherwise redirect to /login" remembers the page', () => {
    expect(loginPath('/users?level=4')).toBe('/login?redirectTo=%2Fusers%3Flevel%3D4');
    expect(loginPath('/')).toBe('/login');
  });

  it('only same-site paths are accepted (no open redirect)', () => {
    expect(safeRedirectTarget('/booking')).toBe('/booking');
    expect(safeRedirectTarget('//evil.example')).toBe('/');
    expect(safeRedirectTarget('https://evil.example')).toBe('/');
    expect(safeRedirectTarget('/\\evil.example')).toBe('/');
    expect(safeRedirectTarget('/login?redirectTo=/x')).toBe('/');
    expect(safeRedirectTarget(null)).toBe('/');
  });
});
