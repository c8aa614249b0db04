import { z } from 'zod';
import { LANGUAGES, PERSON_ROLES } from '../common/catalog';
import { zChoiceOf, zDate, zEnum, zOptionalEmail, zOptionalText, zRequired, zUuid } from '../common/validation';

const fields = {
  tour_operator_id: zUuid().optional(),
  full_name: zRequired(150),
  document_id: zOptionalText(40),
  document_expiry: zDate().nullable().optional(),
  role: zEnum(PERSON_ROLES),
  phone: zOptionalText(40),
  email: zOptionalEmail(),
  languages: z
    .array(zEnum(LANGUAGES as unknown as [string, ...string[]]))
    .max(15)
    .optional(),
  license_number: zOptionalText(40),
  license_expiry: zDate().nullable().optional(),
  state: zChoiceOf([1, 2]).optional(),
  notes: zOptionalText(2000),
};

export const ZPersonCreateRequest = z.object(fields);
export type TPersonCreateRequest = z.infer<typeof ZPersonCreateRequest>;
export const ZPersonUpdateRequest = z.object({
  ...fields,
  full_name: fields.full_name.optional(),
  role: fields.role.optional(),
});
export type TPersonUpdateRequest = z.infer<typeof ZPersonUpdateRequest>;

export const ZPersonResponse = z.object({
  id: z.string(),
  tour_operator_id: z.string(),
  full_name: z.string(),
  document_id: z.string(),
  document_expiry: z.string().nullable(),
  role: z.string(),
  phone: z.string(),
  email: z.string(),
  languages: z.array(z.string()),
  license_number: z.string(),
  license_expiry: z.string().nullable(),
  state: z.number().int(),
  notes: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TPersonResponse = z.infer<typeof ZPersonResponse>;
