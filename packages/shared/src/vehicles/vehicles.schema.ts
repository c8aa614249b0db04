import { z } from 'zod';
import { VEHICLE_TYPES } from '../common/catalog';
import { MSG } from '../common/messages';
import { zChoiceOf, zDate, zEnum, zInt, zOptionalText, zRequired, zUuid } from '../common/validation';

const ZVehicleUnavailability = z
  .object({ from: zDate(), to: zDate(), reason: zOptionalText(200) })
  .refine((p) => p.from <= p.to, { message: 'La fecha final debe ser posterior a la inicial', path: ['to'] });

const fields = {
  tour_operator_id: zUuid().optional(),
  /**
   * Spanish plates are upper case without spaces: "1234 ABC" → "1234ABC". Something must be left
   * besides spaces and dashes (the document's pattern says so too).
   */
  plate: zRequired(20)
    .regex(/[^\s-]/, MSG.required)
    .transform((s) => s.toUpperCase().replace(/[\s-]+/g, ''))
    .pipe(z.string().min(1, MSG.required)),
  name: zOptionalText(100),
  model: zOptionalText(100),
  type: zEnum(VEHICLE_TYPES),
  seats: zInt(1, 200),
  transport_authorization: zOptionalText(60),
  state: zChoiceOf([1, 2, 3]).optional(),
  notes: zOptionalText(2000),
  unavailable_periods: z.array(ZVehicleUnavailability).max(200).optional(),
};

export const ZVehicleCreateRequest = z.object(fields);
export type TVehicleCreateRequest = z.infer<typeof ZVehicleCreateRequest>;
export const ZVehicleUpdateRequest = z.object({
  ...fields,
  plate: fields.plate.optional(),
  type: fields.type.optional(),
  seats: fields.seats.optional(),
});
export type TVehicleUpdateRequest = z.infer<typeof ZVehicleUpdateRequest>;

export const ZVehicleResponse = z.object({
  id: z.string(),
  tour_operator_id: z.string(),
  plate: z.string(),
  name: z.string(),
  model: z.string(),
  type: z.string(),
  seats: z.number().int(),
  transport_authorization: z.string(),
  state: z.number().int(),
  notes: z.string(),
  unavailable_periods: z.array(z.object({ id: z.string(), from: z.string(), to: z.string(), reason: z.string() })),
  /** Whether it is unavailable today (a period covers today in the operator's time zone). */
  unavailable_today: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TVehicleResponse = z.infer<typeof ZVehicleResponse>;
