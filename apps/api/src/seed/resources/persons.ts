/** Demo freelance staff (drivers, guides, assistants) of the two operators. */
import type { DbOrTx } from '../../db/client';
import { persons } from '../../db/schema';

/** Spanish DNI with its real check letter. */
const dni = (n: number) => `${n}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}`;
/** Spanish NIE (X + 7 digits) with its check letter. */
const nie = (n: number) => `X${String(n).padStart(7, '0')}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}`;

function staff(tourOperatorId: string, key: 'teide' | 'atlantico'): (typeof persons.$inferInsert)[] {
  if (key === 'teide') {
    return [
      {
        tourOperatorId,
        fullName: 'Inés Barroso Cabrera',
        documentId: dni(43812345),
        documentExpiry: '2031-04-12',
        role: 'guide',
        phone: '+34 650 112 233',
        email: 'ines.barroso@guiascanarias.demo',
        languages: ['es', 'en', 'de'],
        notes: 'Guía oficial de turismo de Canarias, autónoma. Especialista en el Teide.',
      },
      {
        tourOperatorId,
        fullName: 'Markus Weber',
        documentId: nie(4567123),
        documentExpiry: '2029-10-01',
        role: 'guide',
        phone: '+34 650 445 566',
        email: 'markus.weber@guiascanarias.demo',
        languages: ['de', 'en', 'es', 'nl'],
        notes: 'Autónomo. Prefiere las salidas de Masca y Anaga.',
      },
      {
        tourOperatorId,
        fullName: 'Nayra González Pérez',
        documentId: dni(78654321),
        role: 'assistant',
        phone: '+34 661 778 899',
        email: 'nayra.gonzalez@teideaventura.demo',
        languages: ['es', 'en'],
        notes: 'Acompañante en las excursiones de grupos escolares.',
      },
      {
        tourOperatorId,
        fullName: 'Domingo Rivero Alonso',
        documentId: dni(42123987),
        role: 'driver',
        phone: '+34 609 334 455',
        languages: ['es'],
        licenseNumber: dni(42123987),
        licenseExpiry: '2029-03-15',
        notes: 'Chofer subcontratado (Transportes Rivero S.L.), permiso D + CAP.',
      },
    ];
  }
  return [
    {
      tourOperatorId,
      fullName: 'Chloé Martin',
      documentId: '19AB12345',
      documentExpiry: '2030-07-20',
      role: 'guide',
      phone: '+34 662 221 100',
      email: 'chloe.martin@guiascanarias.demo',
      languages: ['fr', 'en', 'es'],
      notes: 'Guía autónoma, pasaporte francés.',
    },
    {
      tourOperatorId,
      fullName: 'Yeray Alonso Díaz',
      documentId: dni(45098765),
      role: 'guide',
      phone: '+34 662 998 877',
      email: 'yeray.alonso@atlanticosur.demo',
      languages: ['es', 'en', 'it'],
      notes: 'Biólogo marino: explica los calderones y delfines a bordo.',
    },
    {
      tourOperatorId,
      fullName: 'Óscar Delgado Hernández',
      documentId: dni(43456789),
      role: 'other',
      phone: '+34 630 556 677',
      languages: ['es', 'en'],
      licenseNumber: 'Capitán de Yate 38/2011/0457',
      licenseExpiry: '2028-11-30',
      notes: 'Patrón del catamarán.',
    },
    {
      tourOperatorId,
      fullName: 'José Manuel Trujillo Marrero',
      documentId: dni(78123654),
      role: 'driver',
      phone: '+34 609 887 766',
      languages: ['es'],
      licenseNumber: dni(78123654),
      licenseExpiry: '2027-06-30',
      notes: 'Chofer subcontratado (Guaguas Trujillo), para los traslados desde el norte.',
      state: 1,
    },
    {
      tourOperatorId,
      fullName: 'Sofía Hernández Ramos',
      documentId: dni(54321876),
      role: 'assistant',
      phone: '+34 655 443 322',
      languages: ['es', 'en', 'sv'],
      notes: 'Asistente a bordo los fines de semana.',
      state: 2,
    },
  ];
}
/** Inserts the operator's staff. */
export async function insertStaff(tx: DbOrTx, tourOperatorId: string, key: 'teide' | 'atlantico') {
  await tx.insert(persons).values(staff(tourOperatorId, key));
}
