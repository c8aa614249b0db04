import { IconEdit, IconMap2, IconMapPlus } from '@tabler/icons-react';
import { ComingSoon } from '../../../components/coming-soon';

export function ProductsScreen() {
  return (
    <ComingSoon
      title="Productos"
      description="Las excursiones que vendes, con sus tarifas, horarios y recogidas."
      icon={<IconMap2 size={30} />}
      features={[
        'Listar y buscar tus excursiones activas e inactivas.',
        'Abrir la página pública de cada producto y su formulario de reserva.',
      ]}
    />
  );
}

export function ProductCreateScreen() {
  return (
    <ComingSoon
      title="Nuevo producto"
      description="Dar de alta una excursión con todo lo necesario para venderla."
      icon={<IconMapPlus size={30} />}
      features={[
        'Datos generales, tarifas por tipo de pasajero e imágenes.',
        'Reglas de disponibilidad, horarios y fechas cerradas.',
        'Hoteles de recogida con su antelación sobre la salida.',
      ]}
    />
  );
}

export function ProductEditScreen() {
  return (
    <ComingSoon
      title="Editar producto"
      description="Modificar una excursión y previsualizar su página pública."
      icon={<IconEdit size={30} />}
      features={[
        'Cambiar tarifas, horarios, recogidas e imágenes.',
        'Vista previa de la página pública y enlaces para compartir.',
      ]}
    />
  );
}
