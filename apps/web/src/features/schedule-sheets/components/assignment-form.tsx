import {
  Alert,
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconDeviceFloppy, IconRefresh } from '@tabler/icons-react';
import {
  ACTIVE_STATE,
  LEVEL,
  type TSheetConflict,
  type TSheetResponse,
  type TSheetUpdateRequest,
} from '@trayecto/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { ApiError } from '../../../lib/api-client';
import { firstErrorPath, mapServerErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCrewOptions } from '../api/list-crew-options';
import { usePersonOptions } from '../api/list-person-options';
import { useVehicleOptions } from '../api/list-vehicle-options';
import { conflictsOf, useUpdateScheduleSheet } from '../api/update-schedule-sheet';
import {
  ASSIGNMENT_FIELDS,
  personLabel,
  sameValues,
  type TAssignmentValues,
  valuesOf,
  vehicleOption,
} from '../utils/assignment-values';
import { seatsLabel } from '../utils/sheet-view';
import { ConflictsModal } from './sheet-warnings';

/**
 * The planner's assignment of a sheet: vehicle (with its seats), Chofer (users of level 4), Guía
 * (level 5), extra staff (persons), and the "libro de ruta" origin and destination, saved with the
 * sheet's version. An overlap answers 409: the conflicts are listed with "Asignar de todos modos".
 */
export function AssignmentForm({
  sheet,
  onReload,
}: {
  sheet: TSheetResponse;
  /** Reads the sheet again and gives the fresh one. */
  onReload: () => Promise<TSheetResponse | undefined>;
}) {
  const operatorId = sheet.tour_operator_id;
  const locked = sheet.state === 'done';
  const vehicles = useVehicleOptions(operatorId, true);
  const drivers = useCrewOptions(LEVEL.DRIVER, operatorId, true);
  const guides = useCrewOptions(LEVEL.GUIDE, operatorId, true);
  const persons = usePersonOptions(operatorId, true);
  const update = useUpdateScheduleSheet(sheet.id);
  const [conflicts, setConflicts] = useState<TSheetConflict[] | null>(null);
  const [pending, setPending] = useState<TSheetUpdateRequest | null>(null);
  const [stale, setStale] = useState(false);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);

  const form = useForm<TAssignmentValues>({ mode: 'controlled', initialValues: valuesOf(sheet) });
  const dirty = form.isDirty();
  useUnsavedChangesGuard(dirty && !locked);

  // The version the form's values start from: saving sends it, so a change made meanwhile by
  // someone else answers 409 instead of being overwritten.
  const base = useRef({ version: sheet.version, values: valuesOf(sheet) });
  const rebase = (s: TSheetResponse) => {
    base.current = { version: s.version, values: valuesOf(s) };
    form.setInitialValues(base.current.values);
    form.reset();
  };

  // A newer version of the sheet (a state change, a check-in, a reload) becomes the form's start
  // when nothing is being edited. While editing, only a version that leaves the assignment as it
  // was (e.g. "Confirmar") moves the base on; other changes are someone else's and must not be lost.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the sheet's version changes
  useEffect(() => {
    if (sheet.version === base.current.version) return;
    if (!form.isDirty()) rebase(sheet);
    else if (sameValues(valuesOf(sheet), base.current.values))
      base.current = { ...base.current, version: sheet.version };
  }, [sheet.id, sheet.version]);

  type TOption = { value: string; label: string; disabled?: boolean };
  const keep = (options: TOption[], id: string | null, label: string | undefined): TOption[] =>
    id && label && !options.some((o) => o.value === id) ? [{ value: id, label }, ...options] : options;

  const vehicleOptions = keep(
    (vehicles.data ?? []).map((v) => vehicleOption(v, sheet.date, sheet.seats)),
    sheet.vehicle?.id ?? null,
    sheet.vehicle ? `${sheet.vehicle.plate} · ${sheet.vehicle.name} · ${seatsLabel(sheet.vehicle.seats)}` : undefined,
  );
  const crewOptions = (data: typeof drivers.data, current: TSheetResponse['driver']) =>
    keep(
      (data ?? []).filter((u) => u.active || u.value === current?.id).map((u) => ({ value: u.value, label: u.label })),
      current?.id ?? null,
      current?.full_name,
    );
  const personOptions = (() => {
    const chosen = new Set(form.values.person_ids);
    const list = (persons.data ?? [])
      .filter((p) => p.state === ACTIVE_STATE.ACTIVE || chosen.has(p.id))
      .map((p) => ({ value: p.id, label: personLabel(p) }));
    for (const p of sheet.persons) {
      if (!list.some((o) => o.value === p.id)) list.unshift({ value: p.id, label: p.full_name });
    }
    return list;
  })();

  const selectedVehicle = vehicles.data?.find((v) => v.id === form.values.vehicle_id);
  const tooSmall = selectedVehicle ? selectedVehicle.seats < sheet.seats : false;

  const save = (payload: TSheetUpdateRequest) => {
    setOtherErrors([]);
    update.mutate(payload, {
      onSuccess: (saved) => {
        setConflicts(null);
        setPending(null);
        setStale(false);
        rebase(saved);
        notifySuccess(
          'Asignación guardada',
          payload.force ? 'Guardada con solapes: quedan como avisos en las dos hojas.' : undefined,
        );
      },
      onError: (error) => {
        const found = conflictsOf(error);
        if (found.length > 0) {
          setPending(payload);
          setConflicts(found);
          return;
        }
        setConflicts(null);
        if (error instanceof ApiError && error.status === 409) {
          setStale(true);
          notifyError('No se ha podido guardar', error.message);
          return;
        }
        if (error instanceof ApiError && error.status === 422) {
          const { fields, rest } = mapServerErrors(error.fieldErrors, ASSIGNMENT_FIELDS);
          form.setErrors(fields);
          setOtherErrors(rest);
          notifyError('Revisa los campos marcados', error.message);
          // The field that says why takes the focus (the first one, top to bottom).
          const first = firstErrorPath(fields, ASSIGNMENT_FIELDS);
          if (first) form.getInputNode(first as never)?.focus();
          return;
        }
        notifyError('No se ha podido guardar la asignación', error.message);
      },
    });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const v = form.getValues();
    save({
      vehicle_id: v.vehicle_id,
      driver_id: v.driver_id,
      guide_id: v.guide_id,
      person_ids: v.person_ids,
      origin: v.origin.trim(),
      destination: v.destination.trim(),
      notes: v.notes,
      version: base.current.version,
    });
  };

  const reload = async () => {
    setStale(false);
    const fresh = await onReload();
    if (fresh) rebase(fresh);
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      shadow="xs"
      component="section"
      aria-labelledby="asignacion"
    >
      <form onSubmit={onSubmit} noValidate aria-label="Asignación">
        <Stack gap="md">
          <Group justify="space-between" align="center">
            <Title order={2} fz="lg" id="asignacion">
              Asignación
            </Title>
            {dirty ? (
              <Badge color="yellow" variant="light" radius="sm">
                Cambios sin guardar
              </Badge>
            ) : null}
          </Group>
          {locked ? (
            <Text size="sm" c="dimmed">
              La hoja está finalizada: su asignación ya no cambia.
            </Text>
          ) : null}
          {stale ? (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title="Otra persona ha modificado esta hoja"
            >
              <Stack gap="xs">
                <Text size="sm">
                  Tus cambios no se han guardado para no pisar los suyos. Recarga la hoja y vuelve a hacerlos.
                </Text>
                <Group>
                  <Button size="xs" color="orange" leftSection={<IconRefresh size={14} />} onClick={reload}>
                    Recargar la hoja
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : null}
          {otherErrors.length ? (
            <Alert color="red" variant="light" title="No se ha podido guardar">
              {otherErrors.join(' ')}
            </Alert>
          ) : null}

          <Select
            label="Vehículo"
            placeholder={vehicles.isLoading ? 'Cargando vehículos…' : 'Sin vehículo'}
            description={
              tooSmall ? (
                <Text span size="xs" c="orange.8" fw={600}>
                  Esta salida ocupa {seatsLabel(sheet.seats)} y el vehículo solo tiene {selectedVehicle?.seats}
                </Text>
              ) : (
                `Esta salida ocupa ${seatsLabel(sheet.seats)}`
              )
            }
            data={vehicleOptions}
            searchable
            clearable
            nothingFoundMessage="Ningún vehículo coincide"
            readOnly={locked}
            {...form.getInputProps('vehicle_id')}
          />
          <SimpleGrid type="container" cols={{ base: 1, '440px': 2 }} spacing="md">
            <Select
              label="Chofer"
              placeholder={drivers.isLoading ? 'Cargando…' : 'Sin chofer'}
              data={crewOptions(drivers.data, sheet.driver)}
              searchable
              clearable
              nothingFoundMessage="Ningún chofer coincide"
              readOnly={locked}
              {...form.getInputProps('driver_id')}
            />
            <Select
              label="Guía"
              placeholder={guides.isLoading ? 'Cargando…' : 'Sin guía'}
              data={crewOptions(guides.data, sheet.guide)}
              searchable
              clearable
              nothingFoundMessage="Ningún guía coincide"
              readOnly={locked}
              {...form.getInputProps('guide_id')}
            />
          </SimpleGrid>
          <MultiSelect
            label="Personal de apoyo"
            description="Guías, choferes y asistentes externos (Recursos › Personas)"
            placeholder={form.values.person_ids.length ? undefined : 'Nadie más'}
            data={personOptions}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage="Ninguna persona coincide"
            readOnly={locked}
            {...form.getInputProps('person_ids')}
          />
          <SimpleGrid type="container" cols={{ base: 1, '440px': 2 }} spacing="md">
            <TextInput
              label="Origen"
              description="Libro de ruta: de dónde sale el servicio"
              maxLength={200}
              readOnly={locked}
              {...form.getInputProps('origin')}
            />
            <TextInput
              label="Destino"
              description="Libro de ruta: adónde va"
              maxLength={200}
              readOnly={locked}
              {...form.getInputProps('destination')}
            />
          </SimpleGrid>
          <Textarea
            label="Notas para el equipo"
            placeholder="Indicaciones para el chofer y el guía"
            autosize
            minRows={2}
            maxRows={8}
            maxLength={2000}
            readOnly={locked}
            {...form.getInputProps('notes')}
          />
          {locked ? null : (
            <Group justify="flex-end" gap="sm">
              {dirty ? (
                <Button variant="subtle" color="gray" onClick={() => form.reset()} disabled={update.isPending}>
                  Deshacer cambios
                </Button>
              ) : null}
              <Button
                type="submit"
                leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                loading={update.isPending && !conflicts}
              >
                Guardar asignación
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      <ConflictsModal
        conflicts={conflicts}
        forcing={update.isPending}
        onCancel={() => {
          setConflicts(null);
          setPending(null);
        }}
        onForce={() => (pending ? save({ ...pending, force: true }) : undefined)}
      />
    </Paper>
  );
}
