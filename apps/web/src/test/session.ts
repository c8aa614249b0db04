/** What component tests of the back-office share: a signed-in user and the API's JSON answers. */
import { fakeJwt } from './jwt';

/** A JSON answer of the API, as a mocked `fetch` returns it. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Signs in a user of `level` the way the login screen stores it (spec §7 storage keys). */
export function loginAs(level: number) {
  localStorage.setItem('token', fakeJwt({ sub: 'u-1', level }));
  localStorage.setItem('userId', 'u-1');
  localStorage.setItem('userName', 'Prueba');
  localStorage.setItem('roles', JSON.stringify([level]));
}
