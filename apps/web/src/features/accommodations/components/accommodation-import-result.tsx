/**
 * The import's answer: what the check or the import says (how many places, lines rejected) and
 * the rejected lines with why.
 */
import '@mantine/dropzone/styles.css';
import { Alert, Group, Loader, ScrollArea, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import type { TAccommodationImportResponse } from '@trayecto/shared';
import { importSummary } from './accommodation-import';

/** Where the import is: a file to pick, checking it, its check shown, importing, done. */
export type TImportStage = 'pick' | 'checking' | 'preview' | 'importing' | 'done';

export function ImportResult({ result, stage }: { result: TAccommodationImportResponse; stage: TImportStage }) {
  if (stage === 'importing') {
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text size="sm">Importando…</Text>
      </Group>
    );
  }
  const rejected = result.rejected.length;
  const done = stage === 'done';
  if (result.created === 0) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="Ninguna fila se puede importar"
        role="status"
      >
        Corrige las líneas de abajo en el fichero y vuelve a subirlo.
      </Alert>
    );
  }
  return (
    <Alert
      color={done ? 'teal' : rejected ? 'yellow' : 'brand'}
      variant="light"
      icon={
        done ? (
          <IconCircleCheck size={18} />
        ) : rejected ? (
          <IconAlertTriangle size={18} />
        ) : (
          <IconFileSpreadsheet size={18} />
        )
      }
      title={importSummary(result)}
      role="status"
    >
      {done
        ? rejected
          ? 'Las líneas rechazadas no se han importado: corrígelas y súbelas en otro fichero.'
          : 'Ya aparecen en la lista y en el mapa.'
        : rejected
          ? 'Las líneas rechazadas se saltarán. Puedes importar las válidas ahora o corregir el fichero antes.'
          : 'El fichero está bien. Pulsa «Importar» para crearlos.'}
    </Alert>
  );
}

export function RejectedTable({ rejected }: { rejected: TAccommodationImportResponse['rejected'] }) {
  const rows = [...rejected].sort((a, b) => a.line - b.line);
  return (
    <div>
      <Text size="sm" fw={600} mb={6}>
        Líneas rechazadas
      </Text>
      <ScrollArea.Autosize mah={280} type="auto">
        <Table verticalSpacing={6} fz="sm" striped withTableBorder aria-label="Líneas rechazadas" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70} ta="right">
                Línea
              </Table.Th>
              <Table.Th>Nombre</Table.Th>
              <Table.Th>Motivo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={`${r.line}-${r.name}`}>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {r.line}
                </Table.Td>
                <Table.Td>
                  {r.name || (
                    <Text span c="dimmed" size="sm">
                      (sin nombre)
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {r.errors.length === 1 ? (
                    r.errors[0]
                  ) : (
                    <ul style={{ margin: 0, paddingLeft: 18 }}>
                      {r.errors.map((e) => (
                        <li key={e}>{e}</li>
                      ))}
                    </ul>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </div>
  );
}
