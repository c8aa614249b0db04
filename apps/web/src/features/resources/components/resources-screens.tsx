import { IconBuildingSkyscraper, IconBus, IconId } from '@tabler/icons-react';
import { ComingSoon } from '../../../components/coming-soon';

export function VehiclesScreen() {
  return (
    <ComingSoon
      title="Vehículos"
      description="La flota con la que se hacen las salidas."
      icon={<IconBus size={30} />}
      features={[
        'Matrícula, tipo, plazas y número de autorización de transporte.',
        'Periodos no disponibles (taller, ITV) y estado de cada vehículo.',
      ]}
    />
  );
}

export function AccommodationsScreen() {
  return (
    <ComingSoon
      title="Alojamientos"
      description="Hoteles, apartamentos y puntos de encuentro donde se recoge a los clientes."
      icon={<IconBuildingSkyscraper size={30} />}
      features={[
        'Dirección, zona, coordenadas y punto de recogida de cada alojamiento.',
        'Mapa de los alojamientos.',
        'Alojamientos cuyos clientes se recogen en otro cercano.',
      ]}
    />
  );
}

export function PersonsScreen() {
  return (
    <ComingSoon
      title="Personas"
      description="Guías, chóferes y asistentes que trabajan en las salidas sin acceso al back-office."
      icon={<IconId size={30} />}
      features={['Documento, función, idiomas y datos de contacto.', 'Estado activo o inactivo de cada persona.']}
    />
  );
}
