import { IconHome } from '@tabler/icons-react';
import { ComingSoon } from '../../../components/coming-soon';

export function HomeScreen() {
  return (
    <ComingSoon
      title="Inicio"
      description="El resumen del día de tu tour operador: salidas, pasajeros, ocupación y ventas de un vistazo."
      icon={<IconHome size={30} />}
      features={[
        'Salidas, pax, ocupación, ventas y cobros pendientes de hoy y de los próximos 7 días.',
        'Evolución de las ventas de los últimos 30 días.',
        'Las salidas de hoy con el estado de su hoja de servicio.',
      ]}
    />
  );
}
