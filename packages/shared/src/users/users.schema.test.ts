import { describe, expect, it } from 'vitest';
import { MSG } from '../common/messages';
import { zDate } from '../common/validation';
import { ZUserCreateRequest, ZUserUpdateRequest } from './users.schema';

const valid = {
  full_name: 'Lucía Pérez',
  email: 'Lucia@Example.com',
  level: 2,
  state: 1,
  tour_operator_id: '0b7f4a54-1c1f-4a51-9f7e-2b1c2f0a6d11',
  password: 'secreta123',
  re_password: 'secreta123',
};

const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('user contract', () => {
  it('spec §5: a required field passes only if non-empty — "Campo requerido"', () => {
    const r = ZUserCreateRequest.safeParse({ ...valid, full_name: '   ', level: '' });
    expect(errorsOf(r)).toMatchObject({ full_name: MSG.required, level: MSG.required });
    // The password is optional on create (issue 14: the new user chooses it from the invitation)…
    expect(ZUserCreateRequest.safeParse({ ...valid, password: undefined, re_password: undefined }).success).toBe(true);
    // …but one typed must be confirmed.
    expect(errorsOf(ZUserCreateRequest.safeParse({ ...valid, re_password: undefined }))).toMatchObject({
      re_password: MSG.passwordMismatch,
    });
    expect(MSG.required).toBe('Campo requerido');
  });

  it("spec §5: e-mail must be text@text.text — the spec's message", () => {
    for (const email of ['ana', 'ana@', 'ana@example', '@example.com', 'ana example@x.com']) {
      expect(errorsOf(ZUserCreateRequest.safeParse({ ...valid, email }))).toMatchObject({ email: MSG.email });
    }
    expect(MSG.email).toBe('Por favor, introduce una dirección de correo electrónico válida');
    const ok = ZUserCreateRequest.safeParse(valid);
    expect(ok.success).toBe(true);
    expect(ok.data?.email).toBe('lucia@example.com');
  });

  it('spec §3: full_name is also seen as fullName; both are accepted', () => {
    const { full_name, ...rest } = valid;
    const r = ZUserCreateRequest.safeParse({ ...rest, fullName: full_name });
    expect(r.success).toBe(true);
    expect(r.data?.full_name).toBe('Lucía Pérez');
  });

  it('spec §3: the confirmation is sent as re_password and must match', () => {
    const r = ZUserCreateRequest.safeParse({ ...valid, re_password: 'otra-cosa' });
    expect(errorsOf(r)).toEqual({ re_password: MSG.passwordMismatch });
  });

  it('on edit, empty password fields keep the current password; fields not sent stay', () => {
    const r = ZUserUpdateRequest.safeParse({ fullName: 'Nuevo Nombre', password: '', re_password: '' });
    expect(r.success).toBe(true);
    expect(r.data).toEqual({ full_name: 'Nuevo Nombre' });
  });

  it('rejects an unknown level and a password shorter than 8', () => {
    const r = ZUserCreateRequest.safeParse({ ...valid, level: 9, password: 'corta', re_password: 'corta' });
    expect(errorsOf(r)).toMatchObject({ level: MSG.invalidOption, password: MSG.passwordMin });
  });

  it('rejects NUL bytes and over-long names', () => {
    const r = ZUserCreateRequest.safeParse({ ...valid, full_name: 'a\u0000b' });
    expect(r.success).toBe(false);
    const long = ZUserCreateRequest.safeParse({ ...valid, full_name: 'x'.repeat(151) });
    expect(errorsOf(long)).toMatchObject({ full_name: MSG.tooLong(150) });
  });
});

describe('dates', () => {
  it('a bad date gives one clear message', () => {
    for (const v of ['31/12/2026', '2026-02-30', '2026-1-1']) {
      const r = zDate().safeParse(v);
      expect(r.error?.issues.map((i) => i.message)).toEqual(['Fecha no válida (AAAA-MM-DD)']);
    }
    expect(zDate().safeParse('2028-02-29').success).toBe(true);
  });
});
