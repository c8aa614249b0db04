import { ACCESS, ZVehicleCreateRequest, ZVehicleResponse, ZVehicleUpdateRequest } from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { registerVehiclesExport } from './vehicles.export';
import { VEHICLE_LIST_SPEC } from './vehicles.repository';
import * as service from './vehicles.service';

/** Vehicles of the fleet (PRODUCT.md §4): read by levels 0, 1, 3, 4, 5; written by 0, 1, 3. */
export async function vehiclesRoutes(app: FastifyInstance) {
  registerVehiclesExport(app);
  registerCrudRoutes(app, {
    path: '/vehicles',
    tags: ['Vehículos'],
    what: 'El vehículo',
    response: ZVehicleResponse,
    list: {
      roles: ACCESS.vehicles,
      summary:
        'Lista de vehículos (filtros state, type, plate, seats, tour_operator_id; q en matrícula, nombre, modelo)',
      spec: VEHICLE_LIST_SPEC,
      run: service.listVehicles,
    },
    get: { roles: ACCESS.vehicles, summary: 'Un vehículo', run: service.getVehicle },
    create: {
      roles: ACCESS.resourcesWrite,
      summary: 'Crear vehículo (con sus periodos no disponibles)',
      body: ZVehicleCreateRequest,
      run: service.createVehicle,
    },
    update: {
      roles: ACCESS.resourcesWrite,
      summary: 'Editar vehículo (unavailable_periods, si se envía, sustituye a los guardados)',
      body: ZVehicleUpdateRequest,
      run: service.updateVehicle,
    },
    remove: { roles: ACCESS.resourcesWrite, summary: 'Eliminar vehículo', run: service.deleteVehicle },
  });
}
