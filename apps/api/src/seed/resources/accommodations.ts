/**
 * Demo pickup places for Tenerife (PRODUCT.md §1): the administrator's shared catalogue in the south
 * (Costa Adeje, Playa de las Américas, Los Cristianos) and the north (Puerto de la Cruz, Santa Cruz),
 * and a few own places per operator.
 */
import { ACTIVE_STATE } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { accommodations } from '../../db/schema';

export type SeededPlace = { id: string; name: string; zone: string; tourOperatorId: string | null };

type Place = {
  name: string;
  type: 'hotel' | 'apartment' | 'meeting_point' | 'bus_stop';
  zone: string;
  address: string;
  latLng: string;
  phone?: string;
  pickupPoint: string;
  state?: number;
  notes?: string;
  /** "Recoger en": the name of another place of the same list (or of the shared catalogue). */
  pickupAt?: string;
};

const COSTA_ADEJE = 'Costa Adeje';
const AMERICAS = 'Playa de las Américas';
const CRISTIANOS = 'Los Cristianos';
const PUERTO = 'Puerto de la Cruz';
const SANTA_CRUZ = 'Santa Cruz de Tenerife';

export const SHARED_PLACES: Place[] = [
  // Costa Adeje
  {
    name: 'Gran Hotel Playa del Duque',
    type: 'hotel',
    zone: COSTA_ADEJE,
    address: 'Avenida de Bruselas 2, 38660 Costa Adeje',
    latLng: '28.0921,-16.7387',
    phone: '+34 922 746 900',
    pickupPoint: 'Puerta principal',
  },
  {
    name: 'Hotel Fañabé Garden',
    type: 'hotel',
    zone: COSTA_ADEJE,
    address: 'Calle Londres 8, 38660 Costa Adeje',
    latLng: '28.0861,-16.7322',
    phone: '+34 922 712 400',
    pickupPoint: 'Parada de guaguas frente al hotel',
  },
  {
    name: 'Hotel Torviscas Mar',
    type: 'hotel',
    zone: COSTA_ADEJE,
    address: 'Avenida Rafael Puig Lluvina 12, 38660 Costa Adeje',
    latLng: '28.0806,-16.7286',
    phone: '+34 922 713 200',
    pickupPoint: 'Puerta principal',
  },
  {
    name: 'Hotel La Caleta Resort',
    type: 'hotel',
    zone: COSTA_ADEJE,
    address: 'Calle La Enramada 9, 38670 La Caleta, Adeje',
    latLng: '28.0993,-16.7521',
    phone: '+34 922 781 300',
    pickupPoint: 'Rotonda junto a la entrada',
  },
  {
    name: 'Apartamentos Jardines de Fañabé',
    type: 'apartment',
    zone: COSTA_ADEJE,
    address: 'Calle Francia 14, 38660 Costa Adeje',
    latLng: '28.0874,-16.7301',
    phone: '+34 922 714 050',
    pickupPoint: 'Recepción',
    notes: 'La calle es estrecha para el autocar: se recoge en el Hotel Fañabé Garden.',
    pickupAt: 'Hotel Fañabé Garden',
  },
  {
    name: 'Apartamentos Playa Troya',
    type: 'apartment',
    zone: COSTA_ADEJE,
    address: 'Avenida de las Américas 3, 38660 Costa Adeje',
    latLng: '28.0771,-16.7302',
    pickupPoint: 'Entrada de recepción',
  },
  {
    name: 'Punto de encuentro Puerto Colón',
    type: 'meeting_point',
    zone: COSTA_ADEJE,
    address: 'Puerto Colón, pantalán 3, 38660 Costa Adeje',
    latLng: '28.0797,-16.7362',
    pickupPoint: 'Junto a la taquilla de excursiones marítimas',
  },
  // Playa de las Américas
  {
    name: 'Hotel Las Américas Park',
    type: 'hotel',
    zone: AMERICAS,
    address: 'Avenida de las Américas 40, 38650 Arona',
    latLng: '28.0618,-16.7321',
    phone: '+34 922 790 100',
    pickupPoint: 'Puerta principal',
  },
  {
    name: 'Hotel Tenerife Sur Beach',
    type: 'hotel',
    zone: AMERICAS,
    address: 'Calle Gran Bretaña 5, 38660 Playa de las Américas',
    latLng: '28.0646,-16.7309',
    phone: '+34 922 791 555',
    pickupPoint: 'Parada de guaguas frente al hotel',
  },
  {
    name: 'Hotel Bitácora Mar',
    type: 'hotel',
    zone: AMERICAS,
    address: 'Avenida Antonio Domínguez 11, 38660 Playa de las Américas',
    latLng: '28.0684,-16.7276',
    phone: '+34 922 791 540',
    pickupPoint: 'Puerta principal',
  },
  {
    name: 'Apartamentos Los Geranios',
    type: 'apartment',
    zone: AMERICAS,
    address: 'Calle Noelia Afonso Cabrera 4, 38660 Playa de las Américas',
    latLng: '28.0659,-16.7262',
    pickupPoint: 'Entrada de recepción',
    pickupAt: 'Hotel Bitácora Mar',
  },
  {
    name: 'Parada Avenida Rafael Puig (Siam Mall)',
    type: 'bus_stop',
    zone: AMERICAS,
    address: 'Avenida Rafael Puig Lluvina, frente al centro comercial, 38660 Adeje',
    latLng: '28.0716,-16.7247',
    pickupPoint: 'Parada de guaguas',
  },
  {
    name: 'Hotel Tenerife Sol',
    type: 'hotel',
    zone: AMERICAS,
    address: 'Avenida de las Américas 24, 38650 Arona',
    latLng: '28.0598,-16.7304',
    pickupPoint: 'Puerta principal',
    state: 2,
    notes: 'Cerrado por reforma hasta nuevo aviso.',
  },
  // Los Cristianos
  {
    name: 'Hotel Arona Gran Mar',
    type: 'hotel',
    zone: CRISTIANOS,
    address: 'Avenida Juan Carlos I 38, 38650 Los Cristianos',
    latLng: '28.0512,-16.7189',
    phone: '+34 922 750 678',
    pickupPoint: 'Puerta principal',
  },
  {
    name: 'Hotel Paradise Cristianos',
    type: 'hotel',
    zone: CRISTIANOS,
    address: 'Calle Amalia Alayón 7, 38650 Los Cristianos',
    latLng: '28.0498,-16.7157',
    phone: '+34 922 796 950',
    pickupPoint: 'Parada de taxis junto al hotel',
  },
  {
    name: 'Apartamentos Playa Chica',
    type: 'apartment',
    zone: CRISTIANOS,
    address: 'Avenida Suecia 19, 38650 Los Cristianos',
    latLng: '28.0537,-16.7149',
    pickupPoint: 'Entrada principal',
  },
  {
    name: 'Estación de guaguas de Los Cristianos',
    type: 'bus_stop',
    zone: CRISTIANOS,
    address: 'Avenida Juan Pablo II, 38650 Los Cristianos',
    latLng: '28.0528,-16.7163',
    pickupPoint: 'Dársena 4',
  },
  {
    name: 'Punto de encuentro Muelle de Los Cristianos',
    type: 'meeting_point',
    zone: CRISTIANOS,
    address: 'Puerto de Los Cristianos, 38650 Arona',
    latLng: '28.0466,-16.7161',
    pickupPoint: 'Al principio del muelle, junto a la cofradía',
  },
  // Puerto de la Cruz
  {
    name: 'Hotel Tigaiga Taoro',
    type: 'hotel',
    zone: PUERTO,
    address: 'Parque Taoro 28, 38400 Puerto de la Cruz',
    latLng: '28.4109,-16.5537',
    phone: '+34 922 383 500',
    pickupPoint: 'Puerta principal',
  },
  {
    name: 'Hotel Martiánez Playa',
    type: 'hotel',
    zone: PUERTO,
    address: 'Avenida de Colón 12, 38400 Puerto de la Cruz',
    latLng: '28.4167,-16.5426',
    phone: '+34 922 381 200',
    pickupPoint: 'Parada de guaguas frente al hotel',
  },
  {
    name: 'Hotel Casa del Charco',
    type: 'hotel',
    zone: PUERTO,
    address: 'Calle San Telmo 4, 38400 Puerto de la Cruz',
    latLng: '28.4160,-16.5504',
    phone: '+34 922 384 611',
    pickupPoint: 'Recepción',
    notes: 'Zona peatonal: los clientes van a la Plaza del Charco.',
    pickupAt: 'Punto de encuentro Plaza del Charco',
  },
  {
    name: 'Apartamentos Playa Jardín',
    type: 'apartment',
    zone: PUERTO,
    address: 'Avenida Blas Pérez González 7, 38400 Puerto de la Cruz',
    latLng: '28.4141,-16.5611',
    pickupPoint: 'Entrada principal',
  },
  {
    name: 'Punto de encuentro Plaza del Charco',
    type: 'meeting_point',
    zone: PUERTO,
    address: 'Plaza del Charco, 38400 Puerto de la Cruz',
    latLng: '28.4155,-16.5528',
    pickupPoint: 'Junto al quiosco de la plaza',
  },
  {
    name: 'Parada Loro Parque',
    type: 'bus_stop',
    zone: PUERTO,
    address: 'Avenida Loro Parque, 38400 Puerto de la Cruz',
    latLng: '28.4087,-16.5640',
    pickupPoint: 'Parada del tren turístico',
  },
  // Santa Cruz
  {
    name: 'Hotel Rambla de Santa Cruz',
    type: 'hotel',
    zone: SANTA_CRUZ,
    address: 'Rambla de Santa Cruz 92, 38001 Santa Cruz de Tenerife',
    latLng: '28.4726,-16.2561',
    phone: '+34 922 276 000',
    pickupPoint: 'Puerta principal',
  },
  {
    name: 'Hotel Plaza del Príncipe',
    type: 'hotel',
    zone: SANTA_CRUZ,
    address: 'Calle del Castillo 35, 38003 Santa Cruz de Tenerife',
    latLng: '28.4681,-16.2523',
    phone: '+34 922 249 900',
    pickupPoint: 'Parada de taxis de la calle Villalba Hervás',
  },
  {
    name: 'Parada Plaza de España',
    type: 'bus_stop',
    zone: SANTA_CRUZ,
    address: 'Plaza de España, 38003 Santa Cruz de Tenerife',
    latLng: '28.4684,-16.2476',
    pickupPoint: 'Parada frente al Cabildo',
  },
];

/** Each operator's own pickup places (its office, a private villa…). */
export const OWN_PLACES: Record<'teide' | 'atlantico', Place[]> = {
  teide: [
    {
      name: 'Oficina Teide Aventura',
      type: 'meeting_point',
      zone: COSTA_ADEJE,
      address: 'Avenida de Bruselas 12, 38660 Costa Adeje',
      latLng: '28.0902,-16.7355',
      phone: '+34 922 123 456',
      pickupPoint: 'Puerta de la oficina',
    },
    {
      name: 'Villa Los Almendros',
      type: 'apartment',
      zone: COSTA_ADEJE,
      address: 'Calle Los Almendros 6, 38679 Adeje',
      latLng: '28.1048,-16.7431',
      pickupPoint: 'Portón de la villa',
      notes: 'Camino de tierra: se recoge en el Hotel La Caleta Resort.',
      pickupAt: 'Hotel La Caleta Resort',
    },
    {
      name: 'Aparcamiento Mirador de Chío',
      type: 'meeting_point',
      zone: 'Guía de Isora',
      address: 'Carretera TF-38, km 18, Chío',
      latLng: '28.2395,-16.7648',
      pickupPoint: 'Aparcamiento del mirador',
    },
  ],
  atlantico: [
    {
      name: 'Oficina Atlántico Sur',
      type: 'meeting_point',
      zone: CRISTIANOS,
      address: 'Paseo Marítimo 5, 38650 Los Cristianos',
      latLng: '28.0489,-16.7170',
      phone: '+34 922 765 432',
      pickupPoint: 'Mostrador de la oficina',
    },
    {
      name: 'Pantalán Puerto Colón — Catamarán Atlántico Sur',
      type: 'meeting_point',
      zone: COSTA_ADEJE,
      address: 'Puerto Colón, pantalán 5, amarre 14, 38660 Costa Adeje',
      latLng: '28.0793,-16.7368',
      pickupPoint: 'Al pie de la pasarela del catamarán',
    },
    {
      name: 'Apartamentos Marazul',
      type: 'apartment',
      zone: CRISTIANOS,
      address: 'Calle Valle Menéndez 3, 38650 Los Cristianos',
      latLng: '28.0519,-16.7178',
      pickupPoint: 'Recepción',
      pickupAt: 'Hotel Arona Gran Mar',
    },
  ],
};

/** Inserts places in two passes: the targets first, then the ones collected at another place. */
export async function insertPlaces(
  tx: DbOrTx,
  tourOperatorId: string | null,
  places: Place[],
  known: Map<string, string>,
): Promise<SeededPlace[]> {
  const values = (p: Place) => ({
    tourOperatorId,
    name: p.name,
    type: p.type,
    address: p.address,
    zone: p.zone,
    latLng: p.latLng,
    phone: p.phone ?? '',
    pickupPoint: p.pickupPoint,
    state: p.state ?? ACTIVE_STATE.ACTIVE,
    notes: p.notes ?? '',
    pickupAtId: p.pickupAt ? known.get(p.pickupAt) : null,
  });
  const out: SeededPlace[] = [];
  for (const batch of [places.filter((p) => !p.pickupAt), places.filter((p) => p.pickupAt)]) {
    if (batch.length === 0) continue;
    const rows = await tx
      .insert(accommodations)
      .values(
        batch.map((p) => {
          const v = values(p);
          if (p.pickupAt && !v.pickupAtId) throw new Error(`seed: unknown pickup place ${p.pickupAt}`);
          return v;
        }),
      )
      .returning({ id: accommodations.id, name: accommodations.name, zone: accommodations.zone });
    for (const r of rows) {
      known.set(r.name, r.id);
      out.push({ ...r, tourOperatorId });
    }
  }
  return out;
}
