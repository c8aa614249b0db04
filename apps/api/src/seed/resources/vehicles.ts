/** Demo fleets of the two operators, with the periods a vehicle is out of service. */
import { addDays, todayIn } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { vehicles, vehicleUnavailabilities } from '../../db/schema';

/** Plates as the API stores them: upper case, no spaces or dashes. */
const plate = (s: string) => s.toUpperCase().replace(/[\s-]+/g, '');

/** A date `days` from today in the Canary Islands (the operators' time zone). */
const canaryDate = (days: number) => addDays(todayIn('Atlantic/Canary'), days);

type SeedVehicle = typeof vehicles.$inferInsert & { periods?: { from: string; to: string; reason: string }[] };

function fleet(tourOperatorId: string, key: 'teide' | 'atlantico'): SeedVehicle[] {
  if (key === 'teide') {
    return [
      {
        tourOperatorId,
        plate: plate('4821 KLM'),
        name: 'Autocar Teide 1',
        model: 'Scania Irizar i6',
        type: 'bus',
        seats: 55,
        transportAuthorization: 'VD-38-012345',
        notes: 'Plataforma elevadora para sillas de ruedas.',
        periods: [{ from: canaryDate(20), to: canaryDate(20), reason: 'ITV' }],
      },
      {
        tourOperatorId,
        plate: plate('6617 KZD'),
        name: 'Autocar Teide 2',
        model: 'Setra S 415 HD',
        type: 'bus',
        seats: 55,
        transportAuthorization: 'VD-38-012346',
        state: 3,
        notes: 'En el taller de Transportes Guaza.',
        periods: [{ from: canaryDate(-2), to: canaryDate(5), reason: 'Taller: cambio de embrague' }],
      },
      {
        tourOperatorId,
        plate: plate('7390 LBN'),
        name: 'Minibús Masca',
        model: 'Iveco Daily Tourys',
        type: 'minibus',
        seats: 25,
        transportAuthorization: 'VD-38-012347',
        notes: 'Para la carretera de Masca (autocares grandes no pasan).',
      },
      {
        tourOperatorId,
        plate: plate('2156 MCD'),
        name: 'Furgoneta Anaga',
        model: 'Mercedes-Benz Vito Tourer',
        type: 'van',
        seats: 8,
        transportAuthorization: 'VD-38-012348',
      },
      {
        tourOperatorId,
        plate: plate('9034 JHT'),
        name: 'Todoterreno Cañadas',
        model: 'Land Rover Defender 110',
        type: '4x4',
        seats: 7,
        transportAuthorization: 'VD-38-012349',
        notes: 'Pistas del Parque Nacional con permiso del Cabildo.',
      },
    ];
  }
  return [
    {
      tourOperatorId,
      plate: plate('5567 KPR'),
      name: 'Autocar Atlántico 1',
      model: 'Volvo 9700',
      type: 'bus',
      seats: 55,
      transportAuthorization: 'VD-38-045678',
    },
    {
      tourOperatorId,
      plate: plate('8812 LXS'),
      name: 'Minibús Costa',
      model: 'Mercedes-Benz Sprinter Travel',
      type: 'minibus',
      seats: 25,
      transportAuthorization: 'VD-38-045679',
    },
    {
      tourOperatorId,
      plate: plate('3345 MBF'),
      name: 'Furgoneta Puerto',
      model: 'Ford Transit Custom',
      type: 'van',
      seats: 8,
      transportAuthorization: 'VD-38-045680',
      state: 3,
      notes: 'Golpe en la puerta lateral, pendiente de chapa.',
      periods: [{ from: canaryDate(-1), to: canaryDate(3), reason: 'Taller: chapa y pintura' }],
    },
    {
      tourOperatorId,
      plate: plate('7ª-TF-2-123-05'),
      name: 'Catamarán Atlántico Sur I',
      model: 'Catamarán de 22 m',
      type: 'boat',
      seats: 120,
      transportAuthorization: 'Capitanía Marítima TF 2019/045',
      notes: 'Avistamiento de cetáceos desde Puerto Colón. Sale con 2 tripulantes.',
      periods: [{ from: canaryDate(40), to: canaryDate(44), reason: 'Varada anual: limpieza de casco' }],
    },
  ];
}
/** Inserts the operator's fleet and its vehicles' unavailable periods. */
export async function insertFleet(tx: DbOrTx, tourOperatorId: string, key: 'teide' | 'atlantico') {
  for (const { periods, ...vehicle } of fleet(tourOperatorId, key)) {
    const [row] = await tx.insert(vehicles).values(vehicle).returning({ id: vehicles.id });
    if (periods?.length) {
      await tx
        .insert(vehicleUnavailabilities)
        .values(periods.map((p) => ({ ...p, tourOperatorId, vehicleId: row.id })));
    }
  }
}
