import { z } from 'zod';
import { MSG } from '../common/messages';
import { USER_STATE } from '../common/roles';
import { zChoiceOf, zDecimal, zOptionalEmail, zOptionalText, zRequired, zText } from '../common/validation';

const zState = zChoiceOf([USER_STATE.ACTIVE, USER_STATE.INACTIVE]);
// Each refine below carries its rule as a JSON Schema pattern too, for the OpenAPI document (issue 21).
/** Every IANA zone name the runtime knows (the rule accepts any name Intl does), or empty. */
const TIME_ZONES = ['', ...(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [])];
const zColor = zText(7)
  .refine((s) => s === '' || /^#[0-9a-fA-F]{6}$/.test(s), MSG.invalidColor)
  .meta({ pattern: '^$|^#[0-9a-fA-F]{6}$' })
  .optional();
const zWebUrl = zText(255)
  .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), MSG.invalidUrl)
  .meta({ pattern: '^$|^[hH][tT][tT][pP][sS]?://[^\\s]+$' })
  .optional();
const zTimezone = zText(64)
  .refine((s) => {
    if (s === '') return true;
    try {
      new Intl.DateTimeFormat('es-ES', { timeZone: s });
      return true;
    } catch {
      return false;
    }
  }, 'Zona horaria no válida')
  .meta({ enum: TIME_ZONES })
  .optional();
const zCurrency = zText(3)
  .refine((s) => s === '' || /^[A-Z]{3}$/.test(s), 'Moneda no válida (código ISO de 3 letras)')
  .meta({ pattern: '^$|^[A-Z]{3}$' })
  .optional();
const zPct = zDecimal(0, 100, MSG.percentRange).optional();

const fields = {
  name: zRequired(150),
  legal_name: zOptionalText(200),
  tax_id: zOptionalText(30),
  email: zOptionalEmail(),
  phone: zOptionalText(40),
  address: zOptionalText(255),
  website: zWebUrl,
  logo_url: zWebUrl,
  brand_color: zColor,
  timezone: zTimezone,
  currency: zCurrency,
  default_commission_pct: zPct,
  booking_terms: zOptionalText(20000),
  state: zState.optional(),
};

export const ZTourOperatorCreateRequest = z.object(fields);
export type TTourOperatorCreateRequest = z.infer<typeof ZTourOperatorCreateRequest>;

export const ZTourOperatorUpdateRequest = z.object({ ...fields, name: fields.name.optional() });
export type TTourOperatorUpdateRequest = z.infer<typeof ZTourOperatorUpdateRequest>;

export const ZTourOperatorResponse = z.object({
  id: z.string(),
  name: z.string(),
  legal_name: z.string(),
  tax_id: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  website: z.string(),
  logo_url: z.string(),
  brand_color: z.string(),
  timezone: z.string(),
  currency: z.string(),
  default_commission_pct: z.number(),
  booking_terms: z.string(),
  state: z.number().int(),
  users_count: z.number().int().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TTourOperatorResponse = z.infer<typeof ZTourOperatorResponse>;
