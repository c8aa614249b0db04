import { MSG, type TUserResponse } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import {
  createdNotice,
  initialUserFormValues,
  mapServerErrors,
  roleOptions,
  type TUserFormContext,
  toCreatePayload,
  toUpdatePayload,
  validateUserForm,
} from './user-form-values';

const admin: TUserFormContext = { actorLevel: 0, actorOperatorId: null };
const opAdmin: TUserFormContext = { actorLevel: 1, actorOperatorId: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f' };
const OP = '11111111-2222-4333-8444-555555555555';

const user: TUserResponse = {
  id: 'u-1',
  full_name: 'Carlos Ruiz',
  email: 'chofer@teideaventura.demo',
  phone: '+34 600 111 222',
  level: 4,
  state: 1,
  created_at: '2026-01-02T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
  tour_operator: { id: OP, name: 'Teide Aventura', timezone: 'Atlantic/Canary' },
  tour_operator_id: OP,
  address: '',
  lat_lng: '',
  commission_pct: null,
};

describe('user form', () => {
  it('spec §5: an empty new-user form shows "Campo requerido" on the required fields; issue 14: not on the password', () => {
    const errors = validateUserForm(initialUserFormValues(null, admin), 'create', admin);
    expect(errors.full_name).toBe(MSG.required);
    expect(errors.email).toBe(MSG.required);
    expect(errors.level).toBe(MSG.required);
    expect(errors.password).toBeUndefined();
    expect(errors.re_password).toBeUndefined();
  });

  it('issue 14: a new user without a password is valid and sends none (the invitation e-mail lets them choose it)', () => {
    const values = {
      ...initialUserFormValues(null, admin),
      full_name: 'Ana',
      email: 'ana@teide.es',
      level: '4',
      tour_operator_id: OP,
    };
    expect(validateUserForm(values, 'create', admin)).toEqual({});
    const payload = toCreatePayload(values, admin);
    expect(payload).not.toHaveProperty('password');
    expect(payload).not.toHaveProperty('re_password');
  });

  it('issue 14: a password typed on create still needs its confirmation (re_password), and the other way round', () => {
    const base = {
      ...initialUserFormValues(null, admin),
      full_name: 'Ana',
      email: 'ana@teide.es',
      level: '4',
      tour_operator_id: OP,
    };
    expect(validateUserForm({ ...base, password: 'Secreta123' }, 'create', admin)).toEqual({
      re_password: MSG.required,
    });
    expect(validateUserForm({ ...base, re_password: 'Secreta123' }, 'create', admin)).toEqual({
      password: MSG.required,
    });
    expect(validateUserForm({ ...base, password: 'corta', re_password: 'corta' }, 'create', admin)).toEqual({
      password: MSG.passwordMin,
    });
    const typed = { ...base, password: 'Secreta123', re_password: 'Secreta123' };
    expect(validateUserForm(typed, 'create', admin)).toEqual({});
    expect(toCreatePayload(typed, admin)).toMatchObject({ password: 'Secreta123', re_password: 'Secreta123' });
  });

  it('issue 14: the "Usuario creado" notice says what happens next (invitation, own password, inactive)', () => {
    expect(createdNotice('Ana', { state: '1', password: '' })).toEqual([
      'Usuario creado',
      'Ana recibirá por correo una invitación para elegir su contraseña.',
    ]);
    expect(createdNotice('Ana', { state: '1', password: 'Secreta123' })[1]).toMatch(
      /^Ana ya puede entrar con la contraseña que has escrito; también .*invitación/,
    );
    expect(createdNotice('Ana', { state: '2', password: '' })[1]).toBe(
      'Ana está inactivo: no podrá entrar hasta que lo actives.',
    );
  });

  it("spec §5: a badly shaped e-mail shows the spec's e-mail message", () => {
    const values = {
      ...initialUserFormValues(null, admin),
      full_name: 'Ana',
      email: 'ana@teide',
      level: '0',
      password: 'Secreta123',
      re_password: 'Secreta123',
    };
    expect(validateUserForm(values, 'create', admin).email).toBe(
      'Por favor, introduce una dirección de correo electrónico válida',
    );
  });

  it('passwords must match (re_password)', () => {
    const values = {
      ...initialUserFormValues(null, admin),
      full_name: 'Ana',
      email: 'ana@teide.es',
      level: '0',
      password: 'Secreta123',
      re_password: 'Otra12345',
    };
    expect(validateUserForm(values, 'create', admin)).toEqual({ re_password: MSG.passwordMismatch });
  });

  it('PRODUCT §5 "choosing the tour operator is only offered to the administrator": required for levels 1–5 when the administrator creates', () => {
    const values = {
      ...initialUserFormValues(null, admin),
      full_name: 'Ana',
      email: 'ana@teide.es',
      level: '2',
      password: 'Secreta123',
      re_password: 'Secreta123',
    };
    expect(validateUserForm(values, 'create', admin)).toEqual({ tour_operator_id: MSG.tourOperatorRequired });
    expect(validateUserForm({ ...values, tour_operator_id: OP }, 'create', admin)).toEqual({});
  });

  it('a level-1 admin only sees levels 1–5 and never sends another operator', () => {
    expect(roleOptions(opAdmin).map((o) => o.label)).toEqual([
      'Admin Tour Operador',
      'Vendedor',
      'Operador',
      'Chofer',
      'Guía',
    ]);
    expect(roleOptions(admin)).toHaveLength(6);
    const values = {
      ...initialUserFormValues(null, opAdmin),
      full_name: 'Ana',
      email: 'ana@teide.es',
      level: '0',
      password: 'Secreta123',
      re_password: 'Secreta123',
    };
    expect(validateUserForm(values, 'create', opAdmin).level).toBe(MSG.invalidOption);
    const payload = toCreatePayload({ ...values, level: '5' }, opAdmin);
    expect(payload.tour_operator_id).toBe(opAdmin.actorOperatorId);
  });

  it('spec §7 "PUT … user fields plus full_name, re_password, tour_operator_id"; empty passwords keep the current one', () => {
    const values = initialUserFormValues(user, admin);
    expect(validateUserForm(values, 'edit', admin, user)).toEqual({});
    const payload = toUpdatePayload({ ...values, full_name: 'Carlos Ruiz Díaz' }, admin, user);
    expect(payload).toMatchObject({
      full_name: 'Carlos Ruiz Díaz',
      re_password: '',
      tour_operator_id: OP,
      level: 4,
      state: 1,
    });
    expect(Object.keys(payload)).toEqual(expect.arrayContaining(['full_name', 're_password', 'tour_operator_id']));
  });

  it('commission % is sent only for sellers', () => {
    const base = {
      ...initialUserFormValues(null, admin),
      full_name: 'Ana',
      email: 'ana@teide.es',
      tour_operator_id: OP,
      password: 'Secreta123',
      re_password: 'Secreta123',
    };
    expect(toCreatePayload({ ...base, level: '2', commission_pct: 12.5 }, admin).commission_pct).toBe(12.5);
    expect(toCreatePayload({ ...base, level: '3', commission_pct: 12.5 }, admin).commission_pct).toBeUndefined();
    expect(validateUserForm({ ...base, level: '2', commission_pct: 120 }, 'create', admin).commission_pct).toBe(
      MSG.percentRange,
    );
  });

  it('PRODUCT §5 "server 422 errors mapped onto the same fields"; unknown fields go to a general message', () => {
    expect(
      mapServerErrors({ email: ['Este email ya está en uso'], fullName: ['Campo requerido'], other: ['Algo'] }, [
        'email',
        'full_name',
      ]),
    ).toEqual({
      fields: { email: 'Este email ya está en uso', full_name: 'Campo requerido' },
      rest: ['Algo'],
    });
  });
});
