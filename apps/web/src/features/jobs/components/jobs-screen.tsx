import {
  Badge,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconClockPlay } from '@tabler/icons-react';
import {
  JOB_STATE_NAMES,
  JOB_STATES,
  JOB_TASK_STATE_NAMES,
  type TJobResponse,
  type TJobState,
  type TJobTaskResponse,
} from '@trayecto/shared';
import { useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageHeader } from '../../../components/page-header';
import { type TTimes, useTimes } from '../../../lib/time-zone';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useJobs } from '../api/get-jobs';
import { countText, durationText, everyText, JOB_STATE_COLORS, TASK_STATE_COLORS } from '../utils/job-format';

const STATE_OPTIONS = [
  { value: '', label: 'Todos' },
  ...JOB_STATES.map((s) => ({ value: s, label: JOB_STATE_NAMES[s] })),
];

/** A label and its value: side by side on a wide screen, the label above on a phone. */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap={0} wrap="wrap" align="flex-start" style={{ columnGap: 'var(--mantine-spacing-sm)' }}>
      <Text size="sm" c="dimmed" w={{ base: '100%', xs: 130 }} style={{ flex: 'none' }}>
        {label}
      </Text>
      <Text size="sm" style={{ minWidth: 0, flex: '1 1 0', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function TaskCard({ task, times }: { task: TJobTaskResponse; times: TTimes }) {
  return (
    <Paper withBorder radius="lg" p="md" component="article" aria-labelledby={`task-${task.name}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} fz="md" id={`task-${task.name}`}>
              {task.label}
            </Title>
            <Text size="sm" c="dimmed">
              {task.description}
            </Text>
          </Stack>
          <Badge color={TASK_STATE_COLORS[task.state]} variant="light" radius="sm" style={{ flex: 'none' }}>
            {JOB_TASK_STATE_NAMES[task.state]}
          </Badge>
        </Group>
        <Fact label="Frecuencia">{everyText(task.every_seconds)}</Fact>
        <Fact label="Última ejecución">
          {task.last_started_at
            ? `${times.dateTimeSeconds(task.last_started_at)}${
                task.last_duration_ms !== null ? ` · ${durationText(task.last_duration_ms)}` : ''
              }`
            : 'Todavía no se ha ejecutado'}
        </Fact>
        <Fact label="Próxima">
          {task.state === 'running' ? 'Al terminar la ejecución en curso' : times.dateTimeSeconds(task.next_run_at)}
        </Fact>
        <Fact label="Ejecuciones">
          {countText(task.run_count)}
          {task.failure_count > 0 ? ` · ${countText(task.failure_count)} fallidas seguidas` : ''}
        </Fact>
        {task.running_on ? <Fact label="En curso en">{task.running_on}</Fact> : null}
        {task.last_error ? (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-hidden style={{ flex: 'none' }} />
            <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
              Último error: {task.last_error}
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function JobStateBadge({ state }: { state: TJobState }) {
  return (
    <Badge color={JOB_STATE_COLORS[state]} variant="light" radius="sm">
      {JOB_STATE_NAMES[state]}
    </Badge>
  );
}

/** When a job runs next, or what became of it. */
function jobWhen(job: TJobResponse, times: TTimes): string {
  if (job.state === 'queued')
    return `${job.attempts > 0 ? 'Próximo intento' : 'Se ejecuta'}: ${times.dateTime(job.run_at)}`;
  if (job.state === 'running') return 'En curso';
  return job.finished_at ? `Terminó: ${times.dateTime(job.finished_at)}` : '—';
}

/** A job as a card (a phone): what, state, attempts, when, why it failed. */
function JobCard({ job, times }: { job: TJobResponse; times: TTimes }) {
  return (
    <Stack
      gap={4}
      p="md"
      component="li"
      style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Text size="sm" fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {job.label}
        </Text>
        <JobStateBadge state={job.state} />
      </Group>
      {job.dedupe_key ? (
        <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {job.dedupe_key}
        </Text>
      ) : null}
      <Text size="sm">
        {jobWhen(job, times)} · {job.attempts} de {job.max_attempts} intentos
      </Text>
      {job.last_error ? (
        <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
          Último error: {job.last_error}
        </Text>
      ) : null}
    </Stack>
  );
}

function JobsTable({ jobs, times }: { jobs: TJobResponse[]; times: TTimes }) {
  const isPhone = useIsPhone();
  if (isPhone) {
    return (
      <Stack gap={0} component="ul" m={0} p={0} aria-label="Trabajos programados" style={{ marginTop: -1 }}>
        {jobs.map((j) => (
          <JobCard key={j.id} job={j} times={times} />
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" striped highlightOnHover aria-label="Trabajos programados">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Trabajo</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Intentos</Table.Th>
            <Table.Th>{times.withZone('Cuándo')}</Table.Th>
            <Table.Th>Último error</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((j) => (
            <Table.Tr key={j.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {j.label}
                </Text>
                {j.dedupe_key ? (
                  <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {j.dedupe_key}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed">
                  Creado: {times.dateTime(j.created_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <JobStateBadge state={j.state} />
              </Table.Td>
              <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                {j.attempts} de {j.max_attempts}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{jobWhen(j, times)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={j.last_error ? 'red.8' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                  {j.last_error ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /background-jobs, "Tareas en segundo plano" (issue 31, Administrador): what every API process
 * shares in the background — the periodic tasks (the mail and webhook delivery, the reminders, the
 * purges) with their last and next run, state and last error, and the one-off jobs with their
 * attempts and next attempt. Read-only; refreshed every 15 s.
 */
export function JobsScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('state') ?? '';
  const state = (JOB_STATES as readonly string[]).includes(raw) ? (raw as TJobState) : '';
  const query = useJobs(state);
  const times = useTimes();
  const data = query.data;
  const setState = (value: string | null) =>
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (value) params.set('state', value);
        else params.delete('state');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <>
      <PageHeader
        title="Tareas en segundo plano"
        description="Lo que Trayecto hace sin que nadie lo pida: enviar los mensajes, los recordatorios y las limpiezas periódicas, y los trabajos programados. Todos los procesos del servidor se los reparten; aquí se ve cómo van."
      />
      {query.isError ? (
        <LoadErrorAlert
          title="No se ha podido cargar el estado de las tareas"
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : null}
      <Stack gap="xl">
        <section aria-labelledby="periodic-tasks">
          <Title order={2} fz="lg" mb={4} id="periodic-tasks">
            Tareas periódicas
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Cada una se ejecuta en un solo proceso a la vez{times.showZone ? `; horas en ${times.zoneName}` : ''}.
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {data
              ? data.tasks.map((t) => <TaskCard key={t.name} task={t} times={times} />)
              : [0, 1, 2, 3].map((i) => <Skeleton key={i} height={190} radius="lg" />)}
          </SimpleGrid>
          {data && data.tasks.length === 0 ? (
            <Text c="dimmed" size="sm">
              Ningún proceso ha arrancado todavía sus tareas: aparecerán en cuanto el servidor esté en marcha.
            </Text>
          ) : null}
        </section>

        <section aria-labelledby="one-off-jobs">
          <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap" gap="sm">
            <Stack gap={4}>
              <Title order={2} fz="lg" id="one-off-jobs">
                Trabajos programados
              </Title>
              {data ? (
                <Group gap={6} wrap="wrap" aria-label="Trabajos por estado">
                  {JOB_STATES.map((s) => (
                    <Badge key={s} color={JOB_STATE_COLORS[s]} variant="outline" radius="sm">
                      {JOB_STATE_NAMES[s]}: {countText(data.counts[s])}
                    </Badge>
                  ))}
                </Group>
              ) : null}
            </Stack>
            <Select
              label="Estado"
              data={STATE_OPTIONS}
              value={state}
              onChange={setState}
              allowDeselect={false}
              w={{ base: '100%', xs: 200 }}
            />
          </Group>
          <Paper withBorder radius="lg" shadow="xs">
            {!data ? (
              <Stack p="md" gap="xs">
                <VisuallyHidden>Cargando trabajos</VisuallyHidden>
                <Skeleton height={18} />
                <Skeleton height={18} />
              </Stack>
            ) : data.jobs.length === 0 ? (
              <Stack align="center" gap={6} p="xl">
                <IconClockPlay size={32} aria-hidden color="var(--mantine-color-gray-6)" />
                <Text fw={500}>
                  {state ? `No hay trabajos en estado «${JOB_STATE_NAMES[state]}»` : 'Aún no hay trabajos programados'}
                </Text>
                <Text size="sm" c="dimmed" ta="center" maw={520}>
                  Aparecerán aquí los trabajos que se programan para una hora concreta (por ejemplo, el fin de la
                  retención de una reserva) con sus intentos y, si fallan, el motivo.
                </Text>
              </Stack>
            ) : (
              <JobsTable jobs={data.jobs} times={times} />
            )}
          </Paper>
          {data && data.jobs.length >= 200 ? (
            <Text size="xs" c="dimmed" mt="xs">
              Se muestran los 200 más recientes.
            </Text>
          ) : null}
        </section>
      </Stack>
    </>
  );
}
