import { z } from 'zod';
import { ACCOMMODATION_TYPES } from '../common/catalog';
import { zChoiceOf, zEnum, zLatLng, zOptionalText, zRequired, zUuid } from '../common/validation';

const fields = {
  /** Administrator only: an operator's id, or null for the shared catalogue. Ignored for others. */
  tour_operator_id: zUuid().nullable().optional(),
  name: zRequired(150),
  type: zEnum(ACCOMMODATION_TYPES).optional(),
  address: zOptionalText(255),
  zone: zOptionalText(80),
  lat_lng: zLatLng().optional(),
  phone: zOptionalText(40),
  pickup_point: zOptionalText(150),
  /** "Recoger en": customers of this accommodation are collected at that one. */
  pickup_at_id: zUuid().nullable().optional(),
  state: zChoiceOf([1, 2]).optional(),
  notes: zOptionalText(2000),
};

export const ZAccommodationCreateRequest = z.object(fields);
export type TAccommodationCreateRequest = z.infer<typeof ZAccommodationCreateRequest>;
export const ZAccommodationUpdateRequest = z.object({ ...fields, name: fields.name.optional() });
export type TAccommodationUpdateRequest = z.infer<typeof ZAccommodationUpdateRequest>;

export const ZAccommodationResponse = z.object({
  id: z.string(),
  tour_operator_id: z.string().nullable(),
  /** Part of the administrator's shared catalogue (read-only for operators). */
  shared: z.boolean(),
  name: z.string(),
  type: z.string(),
  address: z.string(),
  zone: z.string(),
  lat_lng: z.string(),
  phone: z.string(),
  pickup_point: z.string(),
  pickup_at_id: z.string().nullable(),
  pickup_at: z.object({ id: z.string(), name: z.string() }).nullable(),
  state: z.number().int(),
  notes: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAccommodationResponse = z.infer<typeof ZAccommodationResponse>;

/**
 * POST /api/v1/accommodations/import: a CSV hotel list (header row; columns name, type, address,
 * zone, lat_lng or lat+lng, phone, pickup_point; ";" or "," separated). Valid rows are created,
 * the rest reported with their line number and reasons.
 */
export const ZAccommodationImportRequest = z.object({
  csv: zRequired(2_000_000, 'El fichero está vacío'),
  /** Administrator only: import into the shared catalogue or an operator. */
  tour_operator_id: zUuid().nullable().optional(),
  dry_run: z.boolean().optional(),
});
export type TAccommodationImportRequest = z.infer<typeof ZAccommodationImportRequest>;
export const ZAccommodationImportResponse = z.object({
  created: z.number().int(),
  rejected: z.array(z.object({ line: z.number().int(), name: z.string(), errors: z.array(z.string()) })),
  dry_run: z.boolean(),
});
export type TAccommodationImportResponse = z.infer<typeof ZAccommodationImportResponse>;
