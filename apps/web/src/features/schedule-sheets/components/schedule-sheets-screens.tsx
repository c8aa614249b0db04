import { IconClipboardCheck, IconClipboardList } from '@tabler/icons-react';
import { ComingSoon } from '../../../components/coming-soon';

export function ScheduleSheetsScreen() {
  return (
    <ComingSoon
      title="Hojas de servicio"
      description="Las órdenes de trabajo de cada salida: vehículo, chófer, guía y pasajeros."
      icon={<IconClipboardList size={30} />}
      features={[
        'Ver las hojas de un día con su estado, vehículo, chófer, guía y ocupación.',
        'Crear de una vez las hojas de todas las salidas del día.',
        'Chóferes y guías verán directamente sus hojas de hoy.',
      ]}
    />
  );
}

export function ScheduleEditScreen() {
  return (
    <ComingSoon
      title="Hoja de servicio"
      description="Asignar recursos a una salida, preparar la ruta de recogida y pasar lista."
      icon={<IconClipboardCheck size={30} />}
      features={[
        'Asignar vehículo, chófer, guía y personal de apoyo.',
        'Ruta de recogida por alojamiento y lista de pasajeros con check-in.',
        'Imprimir la hoja en A4 para el chófer.',
      ]}
    />
  );
}
