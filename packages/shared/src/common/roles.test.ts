import { describe, expect, it } from 'vitest';
import { ACCESS, hasPermission, LEVEL, ROLE_NAMES, USER_STATE_NAMES } from './roles';

describe('roles and the permission helper', () => {
  it('spec §6: levels 0–5 have the Spanish role names of the table', () => {
    expect(ROLE_NAMES).toEqual({
      0: 'Administrador',
      1: 'Admin Tour Operador',
      2: 'Vendedor',
      3: 'Operador',
      4: 'Chofer',
      5: 'Guía',
    });
    expect(LEVEL.DRIVER).toBe(4);
  });

  it('spec §4: user state 1 = Activo, 2 = Inactivo', () => {
    expect(USER_STATE_NAMES).toEqual({ 1: 'Activo', 2: 'Inactivo' });
  });

  it('spec §6: a permission check passes when no roles are required', () => {
    expect(hasPermission([3], undefined)).toBe(true);
    expect(hasPermission([3], [])).toBe(true);
    expect(hasPermission([], [])).toBe(true);
    expect(hasPermission(null, null)).toBe(true);
  });

  it('spec §6: … or when the user holds at least one of the listed levels', () => {
    expect(hasPermission([2], [0, 1, 2])).toBe(true);
    expect(hasPermission([4, 5], [5])).toBe(true);
    expect(hasPermission([4], [0, 1])).toBe(false);
    expect(hasPermission([], [0])).toBe(false);
    expect(hasPermission(undefined, [0])).toBe(false);
  });

  it('PRODUCT §3: only levels 0 and 1 manage users; only the administrator creates operators', () => {
    expect(LEVELS_WITH(ACCESS.usersManage)).toEqual([0, 1]);
    expect(LEVELS_WITH(ACCESS.tourOperatorsCreate)).toEqual([0]);
    expect(LEVELS_WITH(ACCESS.tourOperators)).toEqual([0, 1, 3]);
  });
});

const LEVELS_WITH = (required: readonly number[]) => [0, 1, 2, 3, 4, 5].filter((l) => hasPermission([l], required));
