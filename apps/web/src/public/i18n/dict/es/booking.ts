/** Spanish texts of the public pages: booking (the source every other language translates). */
export const booking = {
  /** document.title: "Reservar: {name} · {operator}". */
  title: (product: string, operator: string) => `Reservar: ${product} · ${operator}`,
  kicker: 'Reserva online',
  formLabel: 'Reserva',
  steps: {
    date: 'Elige la fecha',
    time: 'Elige la hora',
    pax: '¿Cuántas personas?',
    pickup: 'Recogida',
    customer: 'Tus datos',
  },
  noDeparturesThisMonth: 'No hay salidas con plazas este mes. Prueba con el mes siguiente.',
  chooseDateFirst: 'Elige primero una fecha en el calendario.',
  /** Legend of the times of a date: "Hora de salida del lun, 23 nov 2026". */
  timesOf: (day: string) => `Hora de salida del ${day}`,
  full: 'Completo',
  minPax: (n: number) => `La salida se realiza con un mínimo de ${n} personas.`,
  seatsOnDeparture: (n: number) => (n === 1 ? 'En esta salida queda 1 plaza.' : `En esta salida quedan ${n} plazas.`),
  summary: {
    title: 'Tu reserva',
    notChosen: 'Sin elegir',
    addSomeone: 'Añade al menos una persona.',
    taxes: 'Impuestos incluidos.',
    sending: 'Enviando…',
    retry: 'Reintentar',
    /** A booking the operator reviews before confirming it. */
    review: (operator: string) => `${operator} revisará tu reserva y te la confirmará por correo electrónico.`,
  },
  soldOut: {
    title: 'No quedan plazas suficientes',
    /** `left`: seats left now (null: unknown, 0: full). */
    text: (day: string, time: string, left: number | null) =>
      `Se han vendido plazas de la salida del ${day} a las ${time} mientras reservabas${
        left === null
          ? ''
          : left === 0
            ? ' y ya está completa'
            : left === 1
              ? ' y ahora queda 1 plaza'
              : ` y ahora quedan ${left} plazas`
      }. Tus datos siguen aquí: elige otra hora u otra fecha.`,
    alternatives: 'Otras horas con plazas',
    /** "Cambiar a las 11:00 · quedan 4 plazas" (`seats` is format.seatsLeft). */
    switchTo: (time: string, seats: string) => `Cambiar a las ${time} · ${seats}`,
    otherDate: 'Elegir otra fecha',
  },
  failed: {
    title: 'No hemos podido confirmar la reserva',
    safeRetry: 'No te preocupes: si vuelves a intentarlo no se duplicará la reserva.',
  },
  /** The form's own checks (the API's field messages come translated through errors). */
  errors: {
    date: 'Elige una fecha',
    time: 'Elige una hora',
    pax: 'Indica al menos un pasajero',
    seatsLeft: (n: number) =>
      n === 1 ? 'Solo queda 1 plaza en esta salida' : `Solo quedan ${n} plazas en esta salida`,
    checkFields: 'Revisa los campos marcados.',
  },
};
