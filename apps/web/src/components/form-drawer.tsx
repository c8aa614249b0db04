import { Alert, Box, Button, Drawer, Group, LoadingOverlay, Stack, Text } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import type { ApiError } from '../lib/api-client';
import { firstErrorPath, mapServerErrors } from '../lib/form-errors';
import { FORM_INVALID_NOTICE, notifyError, notifySuccess } from '../lib/notify';
import { useIsPhone } from '../lib/use-is-phone';
import { confirmDiscard, useUnsavedChangesGuard } from './unsaved-changes';

type TMappedErrors = { fields: Record<string, string>; rest: string[] };

/** The part of a TanStack mutation the form uses. */
type TSaveMutation<TVariables, TRecord> = {
  mutate: (
    variables: TVariables,
    handlers: { onSuccess: (record: TRecord) => void; onError: (error: ApiError) => void },
  ) => void;
  isPending: boolean;
};

/** How the form saves: a new record with `create`, an existing one with `update`. */
export type TRecordSave<TValues, TRecord, TCreate, TUpdate> = {
  create: TSaveMutation<TCreate, TRecord>;
  update: TSaveMutation<{ id: string; payload: TUpdate }, TRecord>;
  createPayload: (values: TValues) => TCreate;
  updatePayload: (values: TValues) => TUpdate;
  /** The save notification: title and message. */
  notice: (record: TRecord, values: TValues) => readonly [string, string];
};

/**
 * The state of a record's form in a drawer or a modal (PRODUCT §5 "every form"): a fresh form each
 * time it opens, a warning before closing or leaving with unsaved changes, the first field to fix
 * focused, the record created or updated, server 422/409 errors mapped onto the fields (the rest
 * above the form), and the save notification.
 */
export function useRecordForm<TValues extends Record<string, unknown>, TRecord, TCreate, TUpdate>({
  opened,
  record,
  version = record?.updated_at,
  readOnly = false,
  initialValues,
  validate,
  fields,
  aliases,
  mapErrors = (fieldErrors) => mapServerErrors(fieldErrors, fields, aliases),
  adjustErrors,
  save,
  onClose,
}: {
  opened: boolean;
  /** null: a new record. */
  record: { id: string; updated_at?: string } | null | undefined;
  /** Changes when a fresher copy of the record arrives (default: its updated_at). */
  version?: unknown;
  readOnly?: boolean;
  initialValues: () => TValues;
  validate: (values: TValues) => FormErrors;
  /** The form's fields from top to bottom: server errors may name them; the first error is focused. */
  fields: readonly string[];
  /** Server field names that are another field of the form ({ fullName: 'full_name' }). */
  aliases?: Record<string, string>;
  /** Instead of lib/form-errors' mapServerErrors(fields, aliases). */
  mapErrors?: (fieldErrors: Record<string, string[]>) => TMappedErrors;
  /** A last look at the mapped errors (e.g. a 409 that names no field but means one). */
  adjustErrors?: (error: ApiError, mapped: TMappedErrors) => void;
  save: TRecordSave<TValues, TRecord, TCreate, TUpdate>;
  onClose: () => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: initialValues(),
    validate,
    validateInputOnBlur: true,
  });

  // A fresh form each time it opens, before it paints (so no early click is undone); a fresher copy
  // of the same record never overwrites what the user is typing.
  const recordId = record?.id;
  const shown = opened ? (recordId ?? '') : null;
  const lastShown = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the target or its version changes
  useLayoutEffect(() => {
    const sameRecord = shown !== null && lastShown.current === shown;
    lastShown.current = shown;
    if (shown === null || (sameRecord && form.isDirty())) return;
    const initial = initialValues();
    form.setInitialValues(initial);
    form.setValues(initial);
    form.resetDirty(initial);
    form.clearErrors();
    setServerError(null);
  }, [shown, version]);

  useUnsavedChangesGuard(opened && !readOnly && form.isDirty());

  const requestClose = () => {
    if (!readOnly && form.isDirty()) confirmDiscard(onClose);
    else onClose();
  };

  /** Takes keyboard and screen-reader users to the first field to fix. */
  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = firstErrorPath(errors, fields);
    if (first) form.getInputNode(first as never)?.focus();
  };

  /** A failed save: field errors next to their fields, the rest above the form, and a notification. */
  const handleError = (error: ApiError) => {
    if (error.status === 401) return; // the client already sends the user to /login
    const mapped = mapErrors(error.fieldErrors);
    adjustErrors?.(error, mapped);
    form.setErrors(mapped.fields);
    const hasFields = Object.keys(mapped.fields).length > 0;
    setServerError(mapped.rest.length ? mapped.rest.join(' ') : hasFields ? null : error.message);
    notifyError('No se ha guardado', hasFields ? 'Revisa los campos marcados.' : error.message);
    focusFirstError(mapped.fields);
  };

  /** The form's submit handler: valid values are saved; invalid ones are pointed out. */
  const submit = form.onSubmit(
    (values) => {
      setServerError(null);
      const handlers = {
        onSuccess: (record: TRecord) => {
          notifySuccess(...save.notice(record, values as TValues));
          form.resetDirty();
          onClose();
        },
        onError: handleError,
      };
      if (recordId) save.update.mutate({ id: recordId, payload: save.updatePayload(values as TValues) }, handlers);
      else save.create.mutate(save.createPayload(values as TValues), handlers);
    },
    (errors) => {
      focusFirstError(errors);
      notifyError('Revisa el formulario', 'Hay campos con errores.', FORM_INVALID_NOTICE);
    },
  );

  return {
    form,
    /** For <FormDrawer {...formProps}> (or a modal's own frame). */
    formProps: {
      opened,
      onClose: requestClose,
      onSubmit: submit,
      serverError,
      readOnly,
      saving: save.create.isPending || save.update.isPending,
    },
  };
}

/** Read-only inputs show no placeholders pretending there is something to type. */
export const readOnlyProps = (readOnly: boolean) => (readOnly ? { readOnly: true, placeholder: '' } : {});

/** Why the last save failed, when it is not about one field. */
export function FormErrorAlert({ message }: { message: string | null }) {
  return message ? (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="No se ha podido guardar">
      {message}
    </Alert>
  ) : null;
}

/** "Cancelar" (or "Cerrar" when nothing can be changed) and "Guardar", at the end of the form. */
export function FormActions({
  readOnly = false,
  saving,
  onCancel,
  sticky = false,
}: {
  readOnly?: boolean;
  saving: boolean;
  onCancel: () => void;
  /** Stays in view at the bottom of a long form (STYLE.md "Forms"). */
  sticky?: boolean;
}) {
  const stickyProps = sticky
    ? ({
        px: 'lg',
        py: 'md',
        pos: 'sticky',
        bottom: 0,
        bg: 'white',
        style: { borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 6 },
      } as const)
    : ({ pt: 'xs' } as const);
  return (
    // A bar of actions: the notifications never cover it (lib/notify.tsx).
    <Group justify="flex-end" gap="sm" {...stickyProps} data-action-bar>
      <Button variant="default" onClick={onCancel} disabled={saving}>
        {readOnly ? 'Cerrar' : 'Cancelar'}
      </Button>
      {readOnly ? null : (
        <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
          Guardar
        </Button>
      )}
    </Group>
  );
}

/**
 * A record's form in a side drawer (full screen on a phone): the title (and which record), the
 * save error, a note when the role may only read, the feature's sections, and the sticky actions.
 */
export function FormDrawer({
  opened,
  onClose,
  title,
  subtitle,
  size = 720,
  onSubmit,
  serverError,
  readOnly = false,
  readOnlyNotice,
  saving,
  loading,
  children,
}: {
  opened: boolean;
  /** Closing asks first when there are unsaved changes (useRecordForm's requestClose). */
  onClose: () => void;
  title: string;
  subtitle?: string;
  size?: number;
  onSubmit: (e?: FormEvent<HTMLFormElement>) => void;
  serverError: string | null;
  readOnly?: boolean;
  /** Shown when read-only: a sentence (a grey note) or a whole alert of the feature's own. */
  readOnlyNotice?: ReactNode;
  saving: boolean;
  /** A fresher copy of the record is loading: the fields are covered. */
  loading?: boolean;
  children: ReactNode;
}) {
  const isPhone = useIsPhone();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : size}
      title={
        <Text fw={700} size="lg" component="span">
          {title}
          {subtitle ? (
            <Text component="span" c="dimmed" fw={500} ml={8}>
              {subtitle}
            </Text>
          ) : null}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      padding={0}
      styles={{
        header: { paddingInline: 'var(--mantine-spacing-lg)', borderBottom: '1px solid var(--mantine-color-gray-3)' },
        // A field focused after a failed save is not hidden under the sticky header or footer.
        content: { scrollPaddingTop: 80, scrollPaddingBottom: 90 },
      }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Box pos="relative" px="lg" py="lg">
          {loading === undefined ? null : <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 1 }} />}
          <Stack gap="xl">
            <FormErrorAlert message={serverError} />
            {readOnly && readOnlyNotice ? (
              typeof readOnlyNotice === 'string' ? (
                <Alert color="gray" variant="light">
                  {readOnlyNotice}
                </Alert>
              ) : (
                readOnlyNotice
              )
            ) : null}
            {children}
          </Stack>
        </Box>
        <FormActions readOnly={readOnly} saving={saving} onCancel={onClose} sticky />
      </form>
    </Drawer>
  );
}
