/**
 * The user form's values, its validation with the shared zod schemas (so the messages are the
 * spec's, §5) and the payload sent to the API (§7).
 */
import {
  LEVEL,
  MANAGEABLE_LEVELS,
  MSG,
  ROLE_NAMES,
  type TLevel,
  type TUserCreateRequest,
  type TUserResponse,
  type TUserUpdateRequest,
  USER_STATE,
  ZUserCreateRequest,
  ZUserUpdateRequest,
} from '@trayecto/shared';

export type TUserFormValues = {
  full_name: string;
  email: string;
  phone: string;
  level: string;
  state: string;
  tour_operator_id: string | null;
  commission_pct: number | string;
  address: string;
  lat_lng: string;
  password: string;
  re_password: string;
};

export type TUserFormMode = 'create' | 'edit';

/** Who is filling the form: the administrator picks the tour operator, a level-1 admin does not. */
export type TUserFormContext = { actorLevel: number; actorOperatorId: string | null };

export const isAdminActor = (ctx: TUserFormContext) => ctx.actorLevel === LEVEL.ADMIN;

/** Levels the actor may assign (a level-1 admin only sees levels 1–5). */
export function assignableLevels(ctx: TUserFormContext): TLevel[] {
  return [...(MANAGEABLE_LEVELS[ctx.actorLevel] ?? [])] as TLevel[];
}

export function roleOptions(ctx: TUserFormContext) {
  return assignableLevels(ctx).map((l) => ({ value: String(l), label: ROLE_NAMES[l] }));
}

export const STATE_OPTIONS = [
  { value: String(USER_STATE.ACTIVE), label: 'Activo' },
  { value: String(USER_STATE.INACTIVE), label: 'Inactivo' },
];

export function initialUserFormValues(user: TUserResponse | null, ctx: TUserFormContext): TUserFormValues {
  if (user) {
    return {
      full_name: user.full_name ?? '',
      email: user.email ?? '',
      phone: user.phone ?? '',
      level: String(user.level),
      state: String(user.state),
      tour_operator_id: user.tour_operator_id ?? null,
      commission_pct: user.commission_pct ?? '',
      address: user.address ?? '',
      lat_lng: user.lat_lng ?? '',
      password: '',
      re_password: '',
    };
  }
  return {
    full_name: '',
    email: '',
    phone: '',
    level: '',
    state: String(USER_STATE.ACTIVE),
    tour_operator_id: isAdminActor(ctx) ? null : ctx.actorOperatorId,
    commission_pct: '',
    address: '',
    lat_lng: '',
    password: '',
    re_password: '',
  };
}

const isSeller = (level: string) => level === String(LEVEL.SELLER);
const needsOperator = (level: string) => level !== '' && level !== String(LEVEL.ADMIN);

/** Whether the form shows the tour operator select (only the administrator chooses it). */
export function showsOperatorField(values: TUserFormValues, ctx: TUserFormContext): boolean {
  return isAdminActor(ctx) && needsOperator(values.level);
}

export function showsCommissionField(values: TUserFormValues): boolean {
  return isSeller(values.level);
}

function operatorFor(values: TUserFormValues, ctx: TUserFormContext, user: TUserResponse | null): string | null {
  if (values.level === String(LEVEL.ADMIN)) return null;
  if (isAdminActor(ctx)) return values.tour_operator_id || null;
  return user?.tour_operator_id ?? ctx.actorOperatorId;
}

function commissionFor(values: TUserFormValues): number | undefined {
  if (!isSeller(values.level)) return undefined;
  if (values.commission_pct === '' || values.commission_pct === null) return undefined;
  const n =
    typeof values.commission_pct === 'number'
      ? values.commission_pct
      : Number(String(values.commission_pct).replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

/** POST body: the user form fields; the passwords only when typed (optional, issue 14). */
export function toCreatePayload(values: TUserFormValues, ctx: TUserFormContext): TUserCreateRequest {
  const payload: TUserCreateRequest = {
    full_name: values.full_name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    level: Number(values.level),
    state: Number(values.state),
    tour_operator_id: operatorFor(values, ctx, null),
    address: values.address.trim(),
    lat_lng: values.lat_lng.trim(),
  };
  // Without a password the user chooses one through the invitation e-mail (issue 14).
  if (values.password || values.re_password) {
    payload.password = values.password;
    payload.re_password = values.re_password;
  }
  const commission = commissionFor(values);
  if (commission !== undefined) payload.commission_pct = commission;
  // A level-1 admin creates users of its own operator: the API fills it in when we do not know it.
  if (payload.tour_operator_id === null && !isAdminActor(ctx) && needsOperator(values.level)) {
    delete payload.tour_operator_id;
  }
  return payload;
}

/** PUT body: user fields plus full_name, re_password and tour_operator_id (spec §7). */
export function toUpdatePayload(
  values: TUserFormValues,
  ctx: TUserFormContext,
  user: TUserResponse,
): TUserUpdateRequest {
  const payload: TUserUpdateRequest = {
    full_name: values.full_name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    level: Number(values.level),
    state: Number(values.state),
    tour_operator_id: operatorFor(values, ctx, user),
    address: values.address.trim(),
    lat_lng: values.lat_lng.trim(),
    password: values.password,
    re_password: values.re_password,
  };
  // An empty commission is 0 %: what the API stored for the null this form used to send.
  if (isSeller(values.level)) payload.commission_pct = commissionFor(values) ?? 0;
  return payload;
}

/**
 * Validates with the shared request schemas; returns one message per field, keyed like the
 * form's fields.
 */
export function validateUserForm(
  values: TUserFormValues,
  mode: TUserFormMode,
  ctx: TUserFormContext,
  user: TUserResponse | null = null,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const payload =
    mode === 'create' ? toCreatePayload(values, ctx) : toUpdatePayload(values, ctx, user as TUserResponse);
  // Empty selects are "missing", not "invalid option".
  const forSchema: Record<string, unknown> = { ...payload };
  if (values.level === '') forSchema.level = undefined;
  if (values.state === '') forSchema.state = undefined;
  if (forSchema.commission_pct === null) forSchema.commission_pct = undefined;
  const schema = mode === 'create' ? ZUserCreateRequest : ZUserUpdateRequest;
  const result = schema.safeParse(forSchema);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key && !errors[key]) errors[key] = issue.message;
    }
  }
  if (mode === 'edit' && values.level === '') errors.level ??= MSG.required;
  if (values.level !== '' && !assignableLevels(ctx).includes(Number(values.level) as TLevel)) {
    errors.level ??= MSG.invalidOption;
  }
  if (isAdminActor(ctx) && needsOperator(values.level) && !values.tour_operator_id) {
    errors.tour_operator_id ??= MSG.tourOperatorRequired;
  }
  // The schema checks the match once every other field is valid; say it at once.
  if (values.password && values.re_password && values.password !== values.re_password) {
    errors.re_password ??= MSG.passwordMismatch;
  }
  // The password is optional (issue 14: a new user is invited by e-mail to choose theirs; on edit,
  // empty keeps the current one); one typed here needs its confirmation, and the other way round.
  if (!values.password && values.re_password) errors.password = MSG.required;
  if (values.password && !values.re_password) errors.re_password = MSG.required;
  return errors;
}

/** Maps a 422/409 answer's `errors` onto the form fields; what has no field goes to `rest`. */
export function mapServerErrors(
  fieldErrors: Record<string, string[]>,
  formFields: readonly string[],
): { fields: Record<string, string>; rest: string[] } {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [key, msgs] of Object.entries(fieldErrors)) {
    const field = key === 'fullName' ? 'full_name' : (key.split('.')[0] ?? key);
    const msg = msgs[0];
    if (!msg) continue;
    if (formFields.includes(field)) fields[field] ??= msg;
    else rest.push(msg);
  }
  return { fields, rest };
}

/** Whether a new user with these values is sent the invitation e-mail (the API invites active users). */
export const isInvitedOnCreate = (values: Pick<TUserFormValues, 'state'>) => values.state === String(USER_STATE.ACTIVE);

/** The "Usuario creado" notice: what happens next for the new user. */
export function createdNotice(name: string, values: Pick<TUserFormValues, 'state' | 'password'>): [string, string] {
  if (!isInvitedOnCreate(values))
    return ['Usuario creado', `${name} está inactivo: no podrá entrar hasta que lo actives.`];
  return [
    'Usuario creado',
    values.password
      ? `${name} ya puede entrar con la contraseña que has escrito; también le hemos enviado por correo una invitación para elegir la suya.`
      : `${name} recibirá por correo una invitación para elegir su contraseña.`,
  ];
}
