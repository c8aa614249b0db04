import { z } from 'zod';
import { MSG } from '../common/messages';
import { LEVELS, USER_STATE } from '../common/roles';
import { zChoiceOf, zDecimal, zEmail, zOptionalText, zRequired, zUuid } from '../common/validation';

const zLevel = zChoiceOf(LEVELS);
const zUserState = zChoiceOf([USER_STATE.ACTIVE, USER_STATE.INACTIVE]);
/** A new password (PRODUCT.md §4: ≥ 8 characters); the users form and "Mi cuenta" share it. */
const zPassword = () => z.string().min(8, MSG.passwordMin).max(200, MSG.tooLong(200));
const zCommission = zDecimal(0, 100, MSG.percentRange);
const zNullableUuid = z.union([zUuid(), z.null()]);

/** The spec mentions `fullName` as an alias of `full_name`: accept both on input. */
export function acceptFullNameAlias(input: unknown) {
  if (input && typeof input === 'object' && !Array.isArray(input)) {
    const o = input as Record<string, unknown>;
    if (o.full_name === undefined && o.fullName !== undefined) {
      const { fullName, ...rest } = o;
      return { ...rest, full_name: fullName };
    }
  }
  return input;
}

/** Empty password fields on an edit form mean "keep the current password". */
function dropEmptyPasswords(input: unknown) {
  if (input && typeof input === 'object' && !Array.isArray(input)) {
    const o = { ...(input as Record<string, unknown>) };
    if (o.password === '' || o.password === null) delete o.password;
    if (o.re_password === '' || o.re_password === null) delete o.re_password;
    return o;
  }
  return input;
}

const userFields = {
  full_name: zRequired(150),
  email: zEmail(),
  phone: zOptionalText(40),
  level: zLevel,
  state: zUserState,
  tour_operator_id: zNullableUuid.optional(),
  address: zOptionalText(255),
  lat_lng: zOptionalText(60),
  commission_pct: zCommission.optional(),
};

const passwordsMatch = (v: { password?: string; re_password?: string }) =>
  v.password === undefined || v.password === v.re_password;
const passwordMismatchIssue = { message: MSG.passwordMismatch, path: ['re_password'] };

/**
 * POST /api/v1/users. The password is optional: the new user always gets an invitation by e-mail to
 * choose their own (issue 14); one set here works meanwhile.
 */
export const ZUserCreateRequest = z.preprocess(
  (i) => dropEmptyPasswords(acceptFullNameAlias(i)),
  z
    .object({
      ...userFields,
      state: userFields.state.default(USER_STATE.ACTIVE),
      password: zPassword().optional(),
      re_password: z.string().optional(),
    })
    .refine(passwordsMatch, passwordMismatchIssue),
);
export type TUserCreateRequest = z.infer<typeof ZUserCreateRequest>;

/** PUT /api/v1/users/{id}: fields not sent stay as they are. */
export const ZUserUpdateRequest = z.preprocess(
  (i) => dropEmptyPasswords(acceptFullNameAlias(i)),
  z
    .object({
      full_name: userFields.full_name.optional(),
      email: userFields.email.optional(),
      phone: userFields.phone,
      level: userFields.level.optional(),
      state: userFields.state.optional(),
      tour_operator_id: userFields.tour_operator_id,
      address: userFields.address,
      lat_lng: userFields.lat_lng,
      commission_pct: userFields.commission_pct,
      password: zPassword().optional(),
      re_password: z.string().optional(),
    })
    .refine(passwordsMatch, passwordMismatchIssue),
);
export type TUserUpdateRequest = z.infer<typeof ZUserUpdateRequest>;

/** The user's operator; `timezone` is the zone the back-office shows that operator's times in. */
const ZTourOperatorRef = z.object({ id: z.string(), name: z.string(), timezone: z.string() });

/** Every field of the spec's §3 user table; never a password or a hash. */
export const ZUserResponse = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  level: z.number().int(),
  state: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  tour_operator: ZTourOperatorRef.nullable(),
  tour_operator_id: z.string().nullable(),
  address: z.string(),
  lat_lng: z.string(),
  commission_pct: z.number().nullable(),
});
export type TUserResponse = z.infer<typeof ZUserResponse>;
