/**
 * Spanish texts of the public pages: common (the source every other language translates). What
 * every public page shares: the frame (header, footer, language switcher), the states (not found,
 * failed, loading), the page titles, the formats' words (durations, ages, seats, cancellation), the
 * booking's states and amounts, the passenger types and the customer's and pickup fields.
 */
export const common = {
  shell: {
    skip: 'Saltar al contenido',
    /** Screen-reader name of the header's phone link on a phone. */
    call: 'Llamar',
    /** The language switcher's label. */
    language: 'Idioma de la página',
    poweredBy: 'Reservas gestionadas con Trayecto',
    statement: 'Declaración de accesibilidad',
  },
  /** document.title of each page before its data arrives (then "{name} · {operator}"). */
  titles: {
    publicLanding: 'Excursión',
    publicBooking: 'Reservar',
    publicBookingExisting: 'Tu reserva',
    publicBookingVoucher: 'Bono de reserva',
    statement: 'Declaración de accesibilidad',
    notFound: 'Página no encontrada',
  },
  states: {
    notFoundBadge: 'Error 404',
    notFoundTitle: 'No encontramos esta página',
    notFoundText:
      'Puede que el enlace esté incompleto o que la excursión ya no esté disponible. Revisa el enlace que te han enviado o pide uno nuevo a tu tour operador.',
    offlineBadge: 'Sin conexión',
    loadFailedTitle: 'No hemos podido cargar esta página',
    retry: 'Reintentar',
    loading: 'Cargando…',
  },
  /** Words of the formats (lib/format.ts). */
  format: {
    /** 3, 30 → "3 h 30 min"; 3, 0 → "3 h"; 0, 45 → "45 min". */
    duration: (h: number, m: number) => (h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`),
    days: (n: number) => (n === 1 ? '1 día' : `${n} días`),
    hours: (n: number) => (n === 1 ? '1 hora' : `${n} horas`),
    /** A tariff's ages (inclusive). */
    agesRange: (min: number, max: number) => `de ${min} a ${max} años`,
    agesFrom: (min: number) => (min === 1 ? 'desde 1 año' : `desde ${min} años`),
    agesUpTo: (max: number) => (max === 1 ? 'hasta 1 año' : `hasta ${max} años`),
    /** Under a departure time: "quedan 3 plazas". */
    seatsLeft: (n: number) => (n === 1 ? 'queda 1 plaza' : `quedan ${n} plazas`),
    /** A number of seats: "12 plazas". */
    seats: (n: number) => (n === 1 ? '1 plaza' : `${n} plazas`),
    /** A number of people: "3 personas". */
    people: (n: number) => (n === 1 ? '1 persona' : `${n} personas`),
    noFreeCancellation: 'Esta excursión no admite cancelación gratuita.',
    /** `until` is "24 horas" or "3 días" (format.hours / format.days). */
    freeCancellation: (until: string) => `Cancelación gratuita hasta ${until} antes de la salida.`,
  },
  paxTypes: { adult: 'Adulto', child: 'Niño', infant: 'Bebé', senior: 'Senior' },
  /** The passenger types in the plural, for "Añadir adultos". */
  paxTypesPlural: { adult: 'adultos', child: 'niños', infant: 'bebés', senior: 'seniors' },
  bookingStates: {
    pending: 'Pendiente',
    confirmed: 'Confirmada',
    completed: 'Realizada',
    cancelled: 'Cancelada',
    no_show: 'No presentado',
  },
  paymentStates: { pending: 'Pendiente', partial: 'Parcial', paid: 'Pagado', refunded: 'Reembolsado' },
  /** The amounts of a booking (BookingAmounts). */
  amounts: {
    caption: 'Importe de la reserva',
    passengers: 'Pasajeros',
    price: 'Precio',
    amount: 'Importe',
    free: 'Gratis',
    subtotal: 'Subtotal',
    discount: 'Descuento',
    total: 'Total',
    /** The tax the total includes (issue 34): «IGIC 7 %» / «IVA 21 %» stay Spanish (their names). */
    taxIncluded: (tax: string) => `${tax} incluido`,
    paid: 'Pagado',
    pending: 'Pendiente de pago',
  },
  /**
   * Paying online (ADR 022): what is paid now and later, the method, the hold on the seats, the
   * errors of starting a payment and the pages the customer comes back to from the bank.
   */
  pay: {
    title: 'Pago',
    /** Before "46,00 €": what the customer pays online now. */
    now: 'Ahora',
    /** Before "92,00 €": what is left to pay on the day of the tour (a deposit's balance). */
    onTheDay: 'El día de la excursión',
    /** On the booking page: what is left after paying now (on the day, or by a link). */
    later: 'Después',
    full: 'Pagas el total online al reservar.',
    depositPercent: (percent: number) =>
      `Al reservar pagas una señal del ${percent} % y el resto el día de la excursión.`,
    /** `amount` is formatted money: "20,00 €". */
    depositPerPax: (amount: string) =>
      `Al reservar pagas una señal de ${amount} por persona y el resto el día de la excursión.`,
    method: 'Forma de pago',
    card: 'Tarjeta',
    bizum: 'Bizum',
    /** The button: "Pagar 46,00 €". */
    payAmount: (amount: string) => `Pagar ${amount}`,
    /** The booking form's button when the product is paid online: "Reservar y pagar 46,00 €". */
    bookAndPay: (amount: string) => `Reservar y pagar ${amount}`,
    retry: 'Reintentar el pago',
    starting: 'Preparando el pago…',
    redirecting: 'Te llevamos a la página de pago segura…',
    secure: 'Pagarás en la página segura del banco. Nunca vemos ni guardamos los datos de tu tarjeta.',
    /** After the booking is made on the form, before paying: "Reserva TRY-7K2QF9 guardada". */
    saved: (locator: string) => `Reserva ${locator} guardada: falta el pago`,
    /** `time` is "10:15", in the operator's time zone. */
    holdUntil: (time: string) => `Tus plazas están reservadas hasta las ${time}.`,
    /** `left` is a countdown, "14:32". */
    holdLeft: (left: string) => `Tus plazas están reservadas durante ${left} min.`,
    holdOver: 'El tiempo de reserva de tus plazas ha terminado. Si siguen libres, aún puedes pagar.',
    errors: {
      title: 'No hemos podido iniciar el pago',
      holdExpiredTitle: 'Se acabó el tiempo para pagar',
      holdExpired:
        'Otras personas han reservado las plazas mientras tanto y tu reserva se ha cancelado. No se te ha cobrado nada: elige otra hora u otra fecha.',
      holdExpiredHere:
        'Otras personas han reservado las plazas mientras tanto y tu reserva se ha cancelado. No se te ha cobrado nada.',
      unavailableTitle: 'La pasarela de pago no responde',
      unavailable:
        'No se ha perdido nada: tu reserva sigue guardada y no se te ha cobrado. Vuelve a intentarlo en unos segundos.',
      nothingDue: 'Esta reserva ya no tiene nada pendiente de pago.',
    },
    /** `?payment=ok`, the notification applied. */
    okTitle: 'Pago recibido — tu reserva está confirmada',
    /** `amount` is formatted money. */
    okText: (amount: string) => `Hemos recibido ${amount}. Te enviamos la confirmación por correo electrónico.`,
    /** `?payment=ok`, the bank's notification not in yet. */
    checkingTitle: 'Estamos confirmando tu pago…',
    checkingText: 'El banco nos está avisando; suele tardar unos segundos. No hace falta que pagues otra vez.',
    checkingSlow:
      'El banco todavía no nos ha confirmado el pago. Si se ha hecho el cargo, tu reserva quedará confirmada y te avisaremos por correo electrónico.',
    checkAgain: 'Comprobar de nuevo',
    /** `?payment=ko`. */
    koTitle: 'El pago no se ha completado',
    koText: 'No se te ha cobrado nada. Puedes volver a intentarlo.',
    koClosed: 'No se te ha cobrado nada. Para cualquier duda, ponte en contacto con el tour operador.',
  },
  /** Labels the booking pages share. */
  labels: {
    date: 'Fecha',
    time: 'Hora',
    duration: 'Duración',
    people: 'Personas',
    pickup: 'Recogida',
    meetingPoint: 'Punto de encuentro',
    yourDetails: 'Tus datos',
    confirmBooking: 'Confirmar reserva',
    backToTour: 'Volver a la excursión',
    back: 'Volver',
    /** Before the payment state's badge ("Pago: Pendiente"). */
    paymentPrefix: 'Pago:',
    /** A passenger of the booking by number and type: "Pasajero 3 · Niño". */
    passenger: (n: number, type: string) => `Pasajero ${n} · ${type}`,
  },
  /** Booking questions (issue 33 item 3, ADR 024): the booking form's step, the booking's page, the voucher. */
  questions: {
    /** The booking form's step and the questions on the customer's booking. */
    title: 'Unas preguntas',
    yes: 'Sí',
    no: 'No',
    /** The booking form before anyone is added, when the operator asks for each passenger. */
    addSomeone: 'Añade al menos una persona para responder a las preguntas de cada pasajero.',
    /** The answers given (the voucher, and the booking's page once it can no longer change). */
    answers: 'Tus respuestas',
    /** The empty option of a list of answers. */
    choose: 'Elige una opción',
  },
  /** The customer's fields (CustomerFields) and the others of the booking forms. */
  fields: {
    optional: '(opcional)',
    name: 'Nombre y apellidos',
    email: 'Correo electrónico',
    emailHint: 'Te enviaremos el bono a esta dirección.',
    phone: 'Teléfono (móvil)',
    phoneHint: 'Con prefijo si no es español, p. ej. +44.',
    country: 'País',
    countriesMain: 'Habituales',
    countriesAll: 'Todos los países',
    language: 'Idioma',
    tourLanguage: 'Idioma de la excursión',
    room: 'Habitación o apartamento',
    notes: 'Comentarios',
    notesHint: 'Alergias, movilidad reducida, sillitas para niños…',
    acceptTerms: (operator: string) => `Acepto las condiciones de reserva y cancelación de ${operator}`,
    readTerms: 'Leer las condiciones',
  },
  /** The pickup place picker (PickupPicker). */
  pickup: {
    label: 'Hotel o alojamiento de recogida',
    meetingPointOption: 'Iré por mi cuenta al punto de encuentro',
    placeholder: 'Busca tu hotel por nombre o zona',
    placeholderNoTime: 'Elige primero la hora',
    listLabel: 'Alojamientos de recogida',
    /** A place whose customers are collected at another: "recoger en Hotel Y". */
    collectAt: (place: string) => `recoger en ${place}`,
    /** Before an option's pickup time, for screen readers. */
    timePrefix: 'recogida a las ',
    noMatch: (query: string) => `No encontramos «${query}». Prueba con otro nombre o elige ir al punto de encuentro.`,
    loading: 'Cargando alojamientos…',
    hintNoTime: 'Cuando elijas la hora verás a qué hora te recogemos.',
    hint: 'Escribe el nombre de tu hotel o apartamento y elígelo de la lista.',
    /** The chosen place ({time} and {place} are shown in bold). */
    pickedAt: 'Te recogemos a las {time} en {place}',
    pickedNoTime: 'Te recogemos en {place}; te confirmaremos la hora.',
    collectAtFull: (place: string) => `Recoger en ${place}`,
    meetingPointWait: 'Te esperamos en el punto de encuentro: {place}',
    meetingPointWaitNoPlace: 'Te esperamos en el punto de encuentro.',
    notesTitle: 'Sobre la recogida',
  },
  map: {
    label: (place: string) => `Mapa: ${place}`,
    failed: 'No se ha podido cargar el mapa',
    loading: 'Cargando mapa…',
    openOsm: 'Ver en OpenStreetMap',
    zoomIn: 'Acercar',
    zoomOut: 'Alejar',
  },
  calendar: {
    previous: 'Mes anterior',
    next: 'Mes siguiente',
    loading: 'cargando',
    noDepartures: 'sin salidas',
    legendOpen: 'Con plazas',
    legendSelected: 'Elegida',
  },
  pax: {
    noSeat: 'sin asiento',
    /** `many` is a paxTypesPlural. */
    add: (many: string) => `Añadir ${many}`,
    remove: (many: string) => `Quitar ${many}`,
  },
};
