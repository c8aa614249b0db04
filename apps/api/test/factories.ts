import type { FastifyInstance } from 'fastify';
import { tourOperators, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/password';

export const PASSWORD = 'Secreta123';
let passwordHash: Promise<string> | undefined;
let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

export async function createOperator(app: FastifyInstance, values: Partial<typeof tourOperators.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(tourOperators)
    .values({ name: `Operador ${uniq()}`, ...values })
    .returning();
  return row;
}

export async function createUser(app: FastifyInstance, values: Partial<typeof users.$inferInsert> & { level: number }) {
  passwordHash ??= hashPassword(PASSWORD);
  const [row] = await app.db
    .insert(users)
    .values({
      fullName: `Usuario ${uniq()}`,
      email: `u${uniq()}@example.com`,
      passwordHash: await passwordHash,
      ...values,
    })
    .returning();
  return row;
}

export async function login(app: FastifyInstance, email: string, password = PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Two operators with a user of every level each, plus an administrator, all signed in.
 */
export async function createWorld(app: FastifyInstance) {
  const admin = await createUser(app, { level: 0, fullName: 'Admin Global' });
  const a = await createOperator(app, { name: 'Operador A' });
  const b = await createOperator(app, { name: 'Operador B' });
  const mk = async (op: typeof a, level: number, name: string) =>
    createUser(app, { level, tourOperatorId: op.id, fullName: name });
  const A = {
    op: a,
    l1: await mk(a, 1, 'Ana Admin A'),
    l2: await mk(a, 2, 'Sergio Vendedor A'),
    l3: await mk(a, 3, 'Olga Operadora A'),
    l4: await mk(a, 4, 'Carlos Chofer A'),
    l5: await mk(a, 5, 'Gema Guía A'),
  };
  const B = {
    op: b,
    l1: await mk(b, 1, 'Bruno Admin B'),
    l2: await mk(b, 2, 'Berta Vendedora B'),
    l3: await mk(b, 3, 'Blas Operador B'),
    l4: await mk(b, 4, 'Borja Chofer B'),
    l5: await mk(b, 5, 'Bea Guía B'),
  };
  const tokens = {
    admin: await login(app, admin.email),
    A1: await login(app, A.l1.email),
    A2: await login(app, A.l2.email),
    A3: await login(app, A.l3.email),
    A4: await login(app, A.l4.email),
    A5: await login(app, A.l5.email),
    B1: await login(app, B.l1.email),
  };
  return { admin, A, B, tokens };
}
