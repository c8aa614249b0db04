import '@mantine/dropzone/styles.css';
import {
  Accordion,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconFileUpload,
  IconTableDown,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { SHARED_CATALOG_LABEL, type TAccommodationImportResponse } from '@trayecto/shared';
import { useState } from 'react';
import type { ApiError } from '../../../lib/api-client';
import { downloadCsv, todayStamp } from '../../../lib/csv';
import { plural } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import type { TTourOperatorOption } from '../../../lib/tour-operator-options';
import { useImportAccommodations } from '../api/import-accommodations';
import { ownerId, SHARED_OWNER } from './accommodation-form-values';
import {
  countDataRows,
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  importSummary,
  importTemplateCsv,
  precheckCsv,
  readCsvFile,
  rejectedReportCsv,
} from './accommodation-import';
import { ImportResult, RejectedTable } from './accommodation-import-result';

type TFileInfo = { name: string; size: number; csv: string; rows: number };

type TStep =
  | { kind: 'pick' }
  | { kind: 'checking'; file: TFileInfo }
  | { kind: 'preview'; file: TFileInfo; result: TAccommodationImportResponse }
  | { kind: 'importing'; file: TFileInfo; result: TAccommodationImportResponse }
  | { kind: 'done'; file: TFileInfo; result: TAccommodationImportResponse };

const ACCEPT = {
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
  'text/plain': ['.csv', '.txt'],
};

const sizeLabel = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toLocaleString('es-ES', { maximumFractionDigits: 1 })} KB`;

/**
 * Imports a CSV hotel list in two steps: the server first checks the file (dry run) and says what
 * it would create and which lines it rejects and why; nothing is saved until "Importar".
 */
export function AccommodationImportModal({
  opened,
  isAdmin,
  operators,
  onClose,
}: {
  opened: boolean;
  isAdmin: boolean;
  operators: readonly TTourOperatorOption[];
  onClose: () => void;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  const [step, setStep] = useState<TStep>({ kind: 'pick' });
  const [target, setTarget] = useState<string>('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [targetError, setTargetError] = useState<string | null>(null);
  const importMutation = useImportAccommodations();

  const reset = () => {
    setStep({ kind: 'pick' });
    setFileError(null);
  };

  const close = () => {
    if (step.kind === 'checking' || step.kind === 'importing') return;
    onClose();
    // After the closing animation, so the dialog does not flash back to the first step.
    window.setTimeout(() => {
      reset();
      setTarget('');
      setTargetError(null);
    }, 200);
  };

  const payloadOwner = (t: string) => (isAdmin ? { tour_operator_id: ownerId(t) } : {});

  const check = (file: TFileInfo, t = target) => {
    setFileError(null);
    setStep({ kind: 'checking', file });
    importMutation.mutate(
      { csv: file.csv, dry_run: true, ...payloadOwner(t) },
      {
        onSuccess: (result) => setStep({ kind: 'preview', file, result }),
        onError: (e) => fileFailed(e),
      },
    );
  };

  const fileFailed = (e: ApiError) => {
    const details = Object.values(e.fieldErrors).flat();
    setFileError(details.length ? details.join(' ') : e.message);
    setStep({ kind: 'pick' });
  };

  const onFile = async (files: File[]) => {
    const f = files[0];
    if (!f) return;
    if (isAdmin && !target) {
      setTargetError('Elige antes dónde importar los alojamientos');
      return;
    }
    let csv: string;
    try {
      csv = await readCsvFile(f);
    } catch {
      setFileError('No se ha podido leer el fichero.');
      return;
    }
    const problem = precheckCsv(csv);
    if (problem) {
      setFileError(problem);
      return;
    }
    check({ name: f.name, size: f.size, csv, rows: countDataRows(csv) });
  };

  const runImport = () => {
    if (step.kind !== 'preview') return;
    const { file } = step;
    setStep({ kind: 'importing', file, result: step.result });
    importMutation.mutate(
      { csv: file.csv, dry_run: false, ...payloadOwner(target) },
      {
        onSuccess: (result) => {
          setStep({ kind: 'done', file, result });
          notifySuccess('Importación terminada', importSummary(result));
        },
        onError: (e) => fileFailed(e),
      },
    );
  };

  const busy = step.kind === 'checking' || step.kind === 'importing';
  const targetLabel =
    target === SHARED_OWNER ? SHARED_CATALOG_LABEL : (operators.find((o) => o.value === target)?.label ?? '');

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        <Text fw={700} size="lg" component="span">
          Importar alojamientos desde CSV
        </Text>
      }
      size="xl"
      fullScreen={isPhone}
      radius={isPhone ? 0 : 'lg'}
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <Stack gap="md">
        {step.kind === 'pick' || step.kind === 'checking' ? (
          <>
            <Text size="sm">
              Sube un fichero CSV con una fila por alojamiento. Primero lo comprobamos y te enseñamos qué se va a crear;
              no se guarda nada hasta que pulses <b>Importar</b>.
            </Text>

            <Group gap="sm" align="flex-end" wrap="wrap">
              {isAdmin ? (
                <Select
                  label="Importar en"
                  placeholder="Catálogo compartido o un tour operador"
                  data={[
                    { value: SHARED_OWNER, label: `${SHARED_CATALOG_LABEL} (todos los tour operadores)` },
                    ...operators.map((o) => ({ value: o.value, label: o.label })),
                  ]}
                  value={target || null}
                  onChange={(v) => {
                    setTarget(v ?? '');
                    setTargetError(null);
                  }}
                  error={targetError}
                  searchable
                  allowDeselect={false}
                  labelProps={{ 'data-required': true }}
                  aria-required
                  disabled={busy}
                  style={{ flex: '1 1 280px' }}
                />
              ) : null}
              <Button
                variant="default"
                leftSection={<IconTableDown size={18} aria-hidden />}
                onClick={() => downloadCsv('plantilla-alojamientos.csv', importTemplateCsv())}
              >
                Descargar plantilla
              </Button>
            </Group>

            <Accordion variant="contained" radius="md">
              <Accordion.Item value="columns">
                <Accordion.Control icon={<IconFileSpreadsheet size={18} aria-hidden />}>
                  Columnas del fichero
                </Accordion.Control>
                <Accordion.Panel>
                  <Text size="xs" c="dimmed" mb="xs">
                    La primera fila es la cabecera. Separado por «;» o «,»; hasta 5000 filas. Se aceptan las cabeceras
                    en español o en inglés (name, type, address, zone, lat_lng, phone, pickup_point).
                  </Text>
                  <Table verticalSpacing={4} fz="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Columna</Table.Th>
                        <Table.Th>Qué poner</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {IMPORT_COLUMNS.map((c) => (
                        <Table.Tr key={c.header}>
                          <Table.Td>
                            <Group gap={6} wrap="nowrap">
                              <Text size="sm" fw={600}>
                                {c.header}
                              </Text>
                              {c.required ? (
                                <Badge size="xs" variant="light" color="red" radius="sm">
                                  Obligatoria
                                </Badge>
                              ) : null}
                            </Group>
                          </Table.Td>
                          <Table.Td>{c.help}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Accordion.Panel>
              </Accordion.Item>
            </Accordion>

            {fileError ? (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertTriangle size={18} />}
                title="No se puede importar el fichero"
                role="alert"
              >
                {fileError}
              </Alert>
            ) : null}

            <Dropzone
              onDrop={onFile}
              onReject={(rejections) => {
                const tooBig = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
                setFileError(tooBig ? 'El fichero es demasiado grande (máximo 5 MB).' : 'Elige un fichero CSV (.csv).');
              }}
              accept={ACCEPT}
              maxSize={IMPORT_MAX_BYTES}
              multiple={false}
              loading={step.kind === 'checking'}
              disabled={busy}
              radius="md"
              aria-label="Fichero CSV de alojamientos: arrástralo aquí o pulsa para elegirlo"
              inputProps={{ 'aria-label': 'Fichero CSV de alojamientos' }}
            >
              <Group justify="center" gap="lg" mih={140} style={{ pointerEvents: 'none' }} wrap="nowrap">
                <Dropzone.Accept>
                  <IconUpload size={44} stroke={1.5} color="var(--mantine-color-brand-7)" aria-hidden />
                </Dropzone.Accept>
                <Dropzone.Reject>
                  <IconX size={44} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden />
                </Dropzone.Reject>
                <Dropzone.Idle>
                  <IconFileTypeCsv size={44} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
                </Dropzone.Idle>
                <div>
                  <Text size="md" fw={600}>
                    Arrastra aquí el fichero CSV o haz clic para elegirlo
                  </Text>
                  <Text size="sm" c="dimmed" mt={4}>
                    {step.kind === 'checking' ? 'Comprobando el fichero…' : 'Un fichero .csv de hasta 5 MB.'}
                  </Text>
                </div>
              </Group>
            </Dropzone>
          </>
        ) : null}

        {step.kind === 'preview' || step.kind === 'importing' || step.kind === 'done' ? (
          <>
            <Paper withBorder radius="md" p="sm">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" size="lg" radius="md">
                  <IconFileTypeCsv size={20} />
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate="end">
                    {step.file.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {sizeLabel(step.file.size)} · {plural(step.file.rows, 'fila', 'filas')}
                    {isAdmin && targetLabel ? ` · en ${targetLabel}` : ''}
                  </Text>
                </div>
              </Group>
            </Paper>

            <ImportResult result={step.result} stage={step.kind} />

            {step.result.rejected.length > 0 ? <RejectedTable rejected={step.result.rejected} /> : null}

            <Group justify="space-between" gap="sm" wrap="wrap">
              <Group gap="sm">
                {step.result.rejected.length > 0 ? (
                  <Button
                    variant="subtle"
                    leftSection={<IconTableDown size={16} aria-hidden />}
                    onClick={() =>
                      downloadCsv(
                        `alojamientos-rechazados-${todayStamp()}.csv`,
                        rejectedReportCsv(step.result.rejected),
                      )
                    }
                  >
                    Descargar líneas rechazadas
                  </Button>
                ) : null}
              </Group>
              <Group gap="sm">
                {step.kind === 'done' ? (
                  <Button onClick={close}>Hecho</Button>
                ) : (
                  <>
                    <Button variant="default" onClick={reset} disabled={busy}>
                      Elegir otro fichero
                    </Button>
                    <Button
                      leftSection={<IconFileUpload size={18} aria-hidden />}
                      onClick={runImport}
                      loading={step.kind === 'importing'}
                      disabled={step.result.created === 0}
                    >
                      {step.result.created === 0
                        ? 'Nada que importar'
                        : `Importar ${plural(step.result.created, 'alojamiento', 'alojamientos')}`}
                    </Button>
                  </>
                )}
              </Group>
            </Group>
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}
