import { ROUTES } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { MENU, menuForRoles, type TMenuEntry } from './menu';

const labels = (entries: TMenuEntry[]) =>
  entries.map((e) => (e.kind === 'link' ? e.label : `${e.label}(${e.children.map((c) => c.label).join(',')})`));

describe('main menu by role', () => {
  it('STYLE "Shell": grouped as Inicio; Reservas; Hojas de servicio; Productos; Recursos (Vehículos, Alojamientos, Personas); Usuarios; Tour operadores', () => {
    expect(labels(MENU as TMenuEntry[])).toEqual([
      'Inicio',
      'Reservas',
      'Hojas de servicio',
      'Mensajes',
      'Productos',
      'Recursos(Vehículos,Alojamientos,Personas)',
      'Finanzas(Informes,Comisiones,Caja,Facturas)',
      'Usuarios',
      'Tour operadores',
      'Canales',
      'Registro de actividad',
      'Tareas en segundo plano',
    ]);
  });

  it('issue 31: "Tareas en segundo plano" is the administrator\'s only', () => {
    expect(labels(menuForRoles([0]))).toContain('Tareas en segundo plano');
    for (const level of [1, 2, 3, 4, 5]) expect(labels(menuForRoles([level]))).not.toContain('Tareas en segundo plano');
  });

  it('issue 14: "Mensajes" is for the administrator, the operator\'s admin and the operator (levels 0, 1, 3)', () => {
    for (const level of [0, 1, 3]) expect(labels(menuForRoles([level])), String(level)).toContain('Mensajes');
    for (const level of [2, 4, 5]) expect(labels(menuForRoles([level])), String(level)).not.toContain('Mensajes');
  });

  it("issue 33: «Canales» is for the administrator and the operator's admin only (levels 0–1)", () => {
    for (const level of [0, 1]) expect(labels(menuForRoles([level])), String(level)).toContain('Canales');
    for (const level of [2, 3, 4, 5]) expect(labels(menuForRoles([level])), String(level)).not.toContain('Canales');
  });

  it("issue 7: the activity log is for the administrator and the operator's admin only", () => {
    expect(labels(menuForRoles([0]))).toContain('Registro de actividad');
    expect(labels(menuForRoles([1]))).toContain('Registro de actividad');
    for (const level of [2, 3, 4, 5]) expect(labels(menuForRoles([level]))).not.toContain('Registro de actividad');
  });

  it('spec §6 "A permission check passes when … the user holds at least one of the listed levels": the administrator sees everything', () => {
    expect(labels(menuForRoles([0]))).toEqual(labels(MENU as TMenuEntry[]));
  });

  it('spec §6: a seller (level 2) sees no schedule sheets, vehicles, persons or tour operators', () => {
    expect(labels(menuForRoles([2]))).toEqual([
      'Inicio',
      'Reservas',
      'Productos',
      'Recursos(Alojamientos)',
      'Finanzas(Informes,Comisiones)',
    ]);
  });

  it('issue 34: «Finanzas» — reports and commissions for levels 0–2 (a seller sees their own), cash and invoices for the office (0, 1, 3)', () => {
    expect(labels(menuForRoles([1]))).toContain('Finanzas(Informes,Comisiones,Caja,Facturas)');
    expect(labels(menuForRoles([3]))).toContain('Finanzas(Caja,Facturas)');
    for (const level of [4, 5]) expect(labels(menuForRoles([level])).join()).not.toContain('Finanzas');
  });

  it('issue 12: "Usuarios" is not offered where it would list only the user (levels 2, 4, 5): "Mi cuenta" is theirs', () => {
    for (const level of [2, 4, 5]) {
      expect(labels(menuForRoles([level], MENU)), String(level)).not.toContain('Usuarios');
    }
    for (const level of [0, 1, 3]) expect(labels(menuForRoles([level])), String(level)).toContain('Usuarios');
  });

  it('issue 6: drivers and guides see only their sheets ("see nothing else")', () => {
    expect(labels(menuForRoles([4]))).toEqual(['Mis hojas']);
    expect(labels(menuForRoles([5]))).toEqual(['Mis hojas']);
    expect(labels(menuForRoles([4, 5]))).toEqual(['Mis hojas']);
  });

  it('spec §6: filtered by levels, a driver (level 4) would see no products nor tour operators', () => {
    expect(labels(menuForRoles([4], MENU))).toEqual([
      'Inicio',
      'Reservas',
      'Hojas de servicio',
      'Recursos(Vehículos,Alojamientos,Personas)',
    ]);
  });

  it('spec §6: an operator (level 3) sees tour operators (read only)', () => {
    expect(labels(menuForRoles([3]))).toContain('Tour operadores');
  });

  it('spec §6 "passes when no roles are required": with no roles only the routes without required levels remain', () => {
    expect(labels(menuForRoles([]))).toEqual(['Inicio']);
  });

  it("every menu link is filtered exactly by its route's levels", () => {
    for (const level of [0, 1, 2, 3, 4, 5]) {
      const visible = new Set(
        menuForRoles([level], MENU).flatMap((e) => (e.kind === 'link' ? [e.route] : e.children.map((c) => c.route))),
      );
      for (const entry of MENU) {
        const links = entry.kind === 'link' ? [entry] : entry.children;
        for (const l of links) {
          const def = ROUTES[l.route];
          const roles = 'roles' in def ? (def.roles as readonly number[]) : [];
          expect(visible.has(l.route)).toBe(roles.length === 0 || roles.includes(level));
        }
      }
    }
  });
});
