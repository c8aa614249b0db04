import { IconCalendarEvent, IconCalendarPlus, IconEdit } from '@tabler/icons-react';
import { ComingSoon } from '../../../components/coming-soon';

export function BookingsScreen() {
  return (
    <ComingSoon
      title="Reservas"
      description="Todas las reservas de tus excursiones, con filtros y una vista de calendario."
      icon={<IconCalendarEvent size={30} />}
      features={[
        'Buscar reservas por fechas, producto, estado, estado de pago, vendedor y canal.',
        'Ver las reservas en un calendario mensual o semanal junto a la tabla.',
        'Exportar a CSV las reservas filtradas.',
      ]}
    />
  );
}

export function BookingCreateScreen() {
  return (
    <ComingSoon
      title="Nueva reserva"
      description="Crear una reserva paso a paso, con plazas y precios en tiempo real."
      icon={<IconCalendarPlus size={30} />}
      features={[
        'Elegir producto, fecha (con plazas libres por salida) y hora.',
        'Indicar pasajeros por tipo con el total calculado al momento.',
        'Datos del cliente y hotel de recogida con su hora de recogida.',
      ]}
    />
  );
}

export function BookingEditScreen() {
  return (
    <ComingSoon
      title="Editar reserva"
      description="Consultar y modificar una reserva, sus pagos y su estado."
      icon={<IconEdit size={30} />}
      features={[
        'Registrar pagos y cambiar el estado de la reserva.',
        'Enviar al cliente el enlace del bono y del formulario público.',
      ]}
    />
  );
}
