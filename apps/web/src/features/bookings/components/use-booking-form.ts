/**
 * The booking form's controller: its values (from the booking, or the URL's product and date), the
 * version they were loaded from (optimistic locking) and what a newer copy of the booking does to
 * them, the unsaved-changes guard, and saving: the shared schemas' validation, POST or PUT, and
 * the API's answer mapped onto the form (422 next to the fields, 409 "no seats" or "changed by
 * someone else" as an alert).
 */
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  pathTo,
  type TBookingCreateBody,
  type TBookingResponse,
  type TPaxType,
  type TProductQuestion,
} from '@trayecto/shared';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { revealField } from '../../../components/form-page';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import type { ApiError } from '../../../lib/api-client';
import { getCurrentUser, getRoles } from '../../../lib/auth-storage';
import { firstErrorPath } from '../../../lib/form-errors';
import { FORM_INVALID_NOTICE, notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateBooking } from '../api/create-booking';
import { bookingQueryOptions } from '../api/get-booking';
import { useUpdateBooking } from '../api/update-booking';
import { bookingAccess } from '../utils/booking-access';
import { isIsoDate } from '../utils/booking-calendar';
import { conflictKind, mapBookingServerErrors } from '../utils/booking-errors';
import { formatMoney } from '../utils/booking-format';
import { isBookingLocked } from '../utils/state-actions';
import { BOOKING_FIELD_ORDER, stepOf } from './booking-form-steps';
import {
  initialBookingValues,
  syncPassengers,
  type TBookingFormMode,
  type TBookingFormValues,
  type TFormNumber,
  toBookingPayload,
  validateBookingForm,
} from './booking-form-values';

export type TConflict = { kind: 'no_seats' | 'stale' | 'other'; message: string; detail?: string } | null;

/**
 * What a save needs to know of the chosen departure, and what to read again when its seats are
 * gone; the chosen product's questions (null while it loads: the answers are then not sent).
 */
export type TSaveContext = {
  pastCutoff: boolean;
  onNoSeats: () => void;
  questions?: readonly TProductQuestion[] | null;
};

function currentUser(): { id: string; name: string } | null {
  try {
    const u = getCurrentUser();
    return { id: u.id, name: u.name };
  } catch {
    return null;
  }
}

export function useBookingForm(mode: TBookingFormMode, booking: TBookingResponse | null) {
  const access = useMemo(() => bookingAccess(getRoles()), []);
  const me = useMemo(currentUser, []);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const createMutation = useCreateBooking();
  const updateMutation = useUpdateBooking();
  const [serverMessages, setServerMessages] = useState<string[]>([]);
  const [conflict, setConflict] = useState<TConflict>(null);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);

  const locked = mode === 'edit' && booking !== null && isBookingLocked(booking.state);
  const readOnly = !access.canWrite || locked;

  const form = useForm<TBookingFormValues>({
    mode: 'controlled',
    initialValues: initialBookingValues(booking, {
      userId: me?.id,
      defaultProductId: searchParams.get('product_id'),
      defaultDate: isIsoDate(searchParams.get('date')) ? searchParams.get('date') : null,
    }),
  });
  const values = form.getValues();

  // Optimistic locking: the version the form's values were loaded from.
  const [baseVersion, setBaseVersion] = useState(booking?.version);
  const adoptNext = useRef(false);
  const resetTo = (saved: TBookingResponse) => {
    const initial = initialBookingValues(saved);
    form.setInitialValues(initial);
    form.setValues(initial);
    form.resetDirty(initial);
    form.clearErrors();
    setBaseVersion(saved.version);
  };
  // A newer copy of the booking (our own payment or state change, another tab, another person):
  // adopt it when nothing was typed; keep the typed values and the old version otherwise (a save
  // then answers 409 and says so).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the stored version changes
  useEffect(() => {
    if (!booking || booking.version === baseVersion) return;
    if (!form.isDirty() || isBookingLocked(booking.state)) resetTo(booking);
    else if (adoptNext.current) setBaseVersion(booking.version);
    adoptNext.current = false;
  }, [booking?.version]);

  const dirty = !readOnly && form.isDirty();
  useUnsavedChangesGuard(dirty && !redirectTo);
  useEffect(() => {
    if (redirectTo && !form.isDirty()) navigate(redirectTo, { replace: true });
  }, [redirectTo, navigate, form]);

  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = firstErrorPath(errors, BOOKING_FIELD_ORDER);
    if (first) revealField(form.getInputNode(first as never) as HTMLElement | null | undefined, stepOf(first));
  };

  const handleError = (error: ApiError, passengerIndex: number[], onNoSeats: () => void) => {
    if (error.status === 401) return;
    const kind = conflictKind(error);
    const hasFieldErrors = Object.keys(error.fieldErrors).length > 0;
    if (kind === 'no_seats' || kind === 'stale' || (kind === 'other' && !hasFieldErrors)) {
      setConflict({ kind, message: error.message, detail: error.fieldErrors.pax?.[0] });
      setServerMessages([]);
      if (kind === 'no_seats') {
        form.setErrors({ time: error.fieldErrors.pax?.[0] ?? error.message });
        onNoSeats();
        // Said at the departure chosen, which takes the focus (its section when there is none).
        revealField(form.getInputNode('time' as never) as HTMLElement | null | undefined, 'salida');
      } else {
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }
      notifyError(
        kind === 'no_seats'
          ? 'No quedan plazas suficientes'
          : kind === 'stale'
            ? 'La reserva ha cambiado'
            : 'No se ha guardado',
        kind === 'stale'
          ? 'Otra persona la ha modificado mientras la editabas.'
          : kind === 'no_seats'
            ? (error.fieldErrors.pax?.[0] ?? 'Elige otra salida o reduce los pasajeros.')
            : error.message,
        FORM_INVALID_NOTICE,
      );
      return;
    }
    const { fields, rest } = mapBookingServerErrors(error.fieldErrors, passengerIndex);
    form.setErrors(fields);
    const hasFields = Object.keys(fields).length > 0;
    setServerMessages(rest.length ? rest : hasFields ? [] : [error.message]);
    notifyError('No se ha guardado', hasFields ? 'Revisa los campos marcados.' : error.message, FORM_INVALID_NOTICE);
    if (hasFields) focusFirstError(fields);
    else window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  /** Checks the form, then creates (and goes to the new booking's page) or saves the changes. */
  const submit = (e: FormEvent | undefined, { pastCutoff, onNoSeats, questions }: TSaveContext) => {
    e?.preventDefault();
    if (readOnly) return;
    const payloadCtx = { mode, access, booking, pastCutoff, version: baseVersion, questions };
    const errors = validateBookingForm(values, payloadCtx);
    form.setErrors(errors);
    const count = Object.values(errors).filter(Boolean).length;
    if (count) {
      notifyError(
        'Revisa la reserva',
        count === 1 ? 'Hay un campo con errores.' : `Hay ${count} campos con errores.`,
        FORM_INVALID_NOTICE,
      );
      focusFirstError(errors);
      return;
    }
    setServerMessages([]);
    setConflict(null);
    const { payload, passengerIndex } = toBookingPayload(values, payloadCtx);
    if (mode === 'create') {
      // validateBookingForm has just passed it through ZBookingCreateRequest: every required field is there.
      createMutation.mutate(payload as TBookingCreateBody, {
        onSuccess: (saved) => {
          notifySuccess(
            'Reserva creada',
            `${saved.locator} · ${saved.customer_name} · ${formatMoney(saved.total_cents, saved.currency)}`,
          );
          resetTo(saved);
          setRedirectTo(pathTo('bookingEdit', { id: saved.id }));
        },
        onError: (err) => handleError(err, passengerIndex, onNoSeats),
      });
    } else if (booking) {
      updateMutation.mutate(
        { id: booking.id, payload },
        {
          onSuccess: (saved) => {
            resetTo(saved);
            notifySuccess('Cambios guardados', `${saved.locator} · ${formatMoney(saved.total_cents, saved.currency)}`);
          },
          onError: (err) => handleError(err, passengerIndex, onNoSeats),
        },
      );
    }
  };

  /** After "someone else changed it": the stored booking, read again, replaces the typed values. */
  const reloadLatest = () => {
    if (!booking) return;
    setConflict(null);
    setServerMessages([]);
    adoptNext.current = false;
    form.resetDirty();
    queryClient
      .fetchQuery({ ...bookingQueryOptions(booking.id), staleTime: 0 })
      .then(resetTo)
      .catch((err: unknown) => notifyError('No se ha podido recargar', err instanceof Error ? err.message : ''));
  };

  /** A passenger count: the named rows follow it. */
  const setPax = (type: TPaxType, v: TFormNumber) => {
    const next = { ...form.getValues().pax, [type]: v };
    form.setFieldValue(`pax.${type}`, v);
    form.setFieldValue('passengers', syncPassengers(form.getValues().passengers, next));
    form.clearFieldError('pax');
    if (conflict?.kind === 'no_seats') setConflict(null);
  };

  /** A state change saved by itself (Confirmar, No presentado…): adopt its version, keep typed values. */
  const stateChange = {
    /** The next newer copy of the booking is ours: take its version even with values typed. */
    expect: () => {
      adoptNext.current = true;
    },
    saved: (saved: TBookingResponse) => {
      if (!form.isDirty()) resetTo(saved);
      else setBaseVersion(saved.version);
    },
    failed: () => {
      adoptNext.current = false;
    },
  };

  return {
    access,
    me,
    form,
    values,
    locked,
    readOnly,
    dirty,
    baseVersion,
    conflict,
    setConflict,
    serverMessages,
    saving: createMutation.isPending || updateMutation.isPending,
    updateMutation,
    submit,
    reloadLatest,
    resetTo,
    setPax,
    stateChange,
  };
}

export type TBookingFormController = ReturnType<typeof useBookingForm>;
