import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers Uint8Array, node-postgres a Buffer: one type for the code above.
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Uploaded files (product photos), kept in the database so that every API process and every
 * machine behind the same PostgreSQL serves them (issue 7: uploads on a shared store). `path` is
 * the name under /uploads/, e.g. `products/<product id>/<uuid>-lg.webp`; names are never reused.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    path: text('path').primaryKey(),
    /** The operator the file belongs to (Citus: distributed with the operator's rows). */
    tourOperatorId: uuid('tour_operator_id'),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_files_tenant_idx').on(t.tourOperatorId)],
);
