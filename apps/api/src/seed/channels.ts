/**
 * The demo's sales channels (issue 33, ADR 023) for Teide Aventura: Klook, a reseller that books
 * through the OCTO API (no key: the operator creates one in «Canales», shown once), and Viajes
 * Tenerife Sur, a travel agency without an integration whose bookings the office records, with its
 * commission. Some of the demo's office sales are the agency's (seed/bookings.ts).
 */
import type { DbOrTx } from '../db/client';
import { channels } from '../db/schema';
import { createdFields, recordAudit, SYSTEM_AUDIT } from '../modules/audit/audit.service';

export type SeededChannels = { agencyId: string };

export async function seedChannels(tx: DbOrTx, teide: string): Promise<SeededChannels> {
  const rows = await tx
    .insert(channels)
    .values([
      {
        tourOperatorId: teide,
        name: 'Klook',
        kind: 'octo',
        commissionPct: 20,
        collects: 'agency',
        allotment: 12,
        contactEmail: 'supply@klook.example',
        notes: 'Revendedor en línea: reserva por la API OCTO con su clave.',
      },
      {
        tourOperatorId: teide,
        name: 'Viajes Tenerife Sur',
        kind: 'agency',
        commissionPct: 12,
        collects: 'operator',
        contactEmail: 'reservas@viajestenerifesur.example',
        notes: 'Agencia de Los Cristianos: llama o escribe, la oficina registra sus reservas.',
      },
    ])
    .returning({ id: channels.id, name: channels.name, kind: channels.kind });
  await recordAudit(
    tx,
    SYSTEM_AUDIT,
    rows.map((c) => ({
      tourOperatorId: teide,
      entityType: 'channel' as const,
      entityId: c.id,
      action: 'create' as const,
      summary: c.name,
      changes: createdFields({ name: c.name, kind: c.kind }),
    })),
  );
  const agency = rows.find((c) => c.kind === 'agency');
  if (!agency) throw new Error('seed: la agencia de demostración no se ha creado');
  return { agencyId: agency.id };
}
