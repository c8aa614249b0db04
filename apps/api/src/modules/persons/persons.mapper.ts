import type { TPersonResponse } from '@trayecto/shared';
import type { persons } from '../../db/schema';
import { isoOf } from '../../lib/instants';

export type PersonRow = typeof persons.$inferSelect;

/** Row → response (PRODUCT.md §4 Person). */
export function toPersonResponse(row: PersonRow): TPersonResponse {
  return {
    id: row.id,
    tour_operator_id: row.tourOperatorId,
    full_name: row.fullName,
    document_id: row.documentId,
    document_expiry: row.documentExpiry,
    role: row.role,
    phone: row.phone,
    email: row.email,
    languages: row.languages,
    license_number: row.licenseNumber,
    license_expiry: row.licenseExpiry,
    state: row.state,
    notes: row.notes,
    created_at: isoOf(row.createdAt),
    updated_at: isoOf(row.updatedAt),
  };
}
