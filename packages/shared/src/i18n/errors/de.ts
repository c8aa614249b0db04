import type { TErrorsDict } from './es';

/** The public API's and pages' error messages in German (see ./es.ts). */
export const errors: TErrorsDict = {
  source: false,
  network: 'Keine Verbindung möglich. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
  server: 'Auf unserem Server ist ein Fehler aufgetreten. Bitte versuchen Sie es in ein paar Sekunden erneut.',
  tooMany: 'Zu viele Versuche hintereinander. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
  pageLoad:
    'Diese Seite konnte nicht geladen werden. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
  byCode: {
    BAD_REQUEST: 'Die Anfrage ist ungültig.',
    INVALID_JSON: 'Die Anfrage ist ungültig.',
    IDEMPOTENCY_KEY_INVALID: 'Die Anfrage ist ungültig. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
    IDEMPOTENCY_KEY_REUSED:
      'Diese Buchung wurde bereits mit anderen Angaben gesendet. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
    IDEMPOTENCY_IN_PROGRESS: 'Ihre Buchung wird gerade bearbeitet, bitte warten Sie einen Moment',
    VALIDATION: 'Bitte prüfen Sie die markierten Angaben.',
    NOT_FOUND: 'Nicht gefunden.',
    ROUTE_NOT_FOUND: 'Nicht gefunden.',
    NO_SEATS: 'Es sind nicht mehr genügend Plätze frei',
    DEPARTURE_CLOSED: 'Dieser Termin ist geschlossen: Bitte wählen Sie einen anderen.',
    DEPARTURE_STARTED: 'Dieser Termin hat bereits begonnen: Bitte wählen Sie einen anderen.',
    CUT_OFF_PASSED: 'Der Verkauf für diesen Termin ist beendet: Bitte wählen Sie einen anderen.',
    STATE_CONFLICT: 'Diese Buchung kann so nicht mehr geändert werden.',
    CANCELLATION_WINDOW_CLOSED: 'Die Frist für die kostenlose Stornierung ist abgelaufen',
    BUSY: 'Diese Daten werden gerade anderweitig geändert. Bitte versuchen Sie es erneut.',
    RATE_LIMITED: 'Zu viele Versuche hintereinander. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
    PAYLOAD_TOO_LARGE: 'Die Anfrage ist zu groß',
    URI_TOO_LONG: 'Die Adresse ist zu lang.',
    UNSUPPORTED_MEDIA_TYPE: 'Die Anfrage ist ungültig.',
    UNAVAILABLE: 'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es in ein paar Sekunden erneut.',
    INTERNAL: 'Auf unserem Server ist ein Fehler aufgetreten. Bitte versuchen Sie es in ein paar Sekunden erneut.',
    NOT_INVOICEABLE: 'Für diese Buchung kann noch keine Rechnung erstellt werden: Sie muss vollständig bezahlt sein.',
    NOTHING_DUE: 'Für diese Buchung ist derzeit nichts online zu bezahlen.',
    HOLD_EXPIRED: 'Die Zeit zum Bezahlen ist abgelaufen und die Plätze sind nicht mehr verfügbar: Bitte buche erneut.',
    PAYMENTS_NOT_CONFIGURED:
      'Die Online-Zahlung ist für diese Buchung nicht verfügbar. Bitte wende dich an den Veranstalter.',
    PAYMENT_PROVIDER_UNAVAILABLE:
      'Der Zahlungsdienst antwortet gerade nicht. Es wurde nichts abgebucht: Bitte versuche es in ein paar Minuten erneut.',
    GENERIC: 'Das hat leider nicht geklappt. Bitte versuchen Sie es erneut.',
  },
  messages: {
    'Campo requerido': 'Pflichtfeld',
    'Por favor, introduce una dirección de correo electrónico válida':
      'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    'Contiene caracteres no permitidos': 'Enthält unzulässige Zeichen',
    'País no válido (código de 2 letras, p. ej. ES)': 'Ungültiges Land (Code aus 2 Buchstaben, z. B. DE)',
    'Opción no válida': 'Ungültige Auswahl',
    'Identificador no válido': 'Ungültige Kennung',
    'Número no válido': 'Ungültige Zahl',
    'Debes aceptar las condiciones': 'Bitte akzeptieren Sie die Geschäftsbedingungen',
    'Debe ser un número entero': 'Muss eine ganze Zahl sein',
    'Fecha no válida (AAAA-MM-DD)': 'Ungültiges Datum (JJJJ-MM-TT)',
    'Hora no válida (HH:mm)': 'Ungültige Uhrzeit (HH:mm)',
    'Hora no válida (HH:mm, 24 horas)': 'Ungültige Uhrzeit (HH:mm, 24-Stunden-Format)',
    'Excursión no encontrada': 'Ausflug nicht gefunden',
    'Reserva no encontrada': 'Buchung nicht gefunden',
    'La fecha final debe ser posterior a la inicial': 'Das Enddatum muss nach dem Startdatum liegen',
    'No quedan plazas suficientes': 'Es sind nicht mehr genügend Plätze frei',
    'La salida está completa': 'Dieser Termin ist ausgebucht',
    'Solo queda 1 plaza': 'Nur noch 1 Platz frei',
    'Salida cerrada': 'Termin geschlossen',
    'La salida ya ha pasado': 'Dieser Termin liegt bereits in der Vergangenheit',
    'El producto no está activo': 'Dieser Ausflug ist nicht verfügbar',
    'Tipo de pasajero no válido': 'Ungültige Teilnehmerart',
    'Este tipo de pasajero no se ofrece en esa fecha': 'Diese Teilnehmerart wird an diesem Datum nicht angeboten',
    'Indica al menos un pasajero': 'Bitte geben Sie mindestens einen Teilnehmer an',
    'Esta excursión no incluye recogida en el alojamiento':
      'Bei diesem Ausflug ist keine Abholung an der Unterkunft inbegriffen',
    'Esta excursión no recoge en ese alojamiento': 'Bei diesem Ausflug gibt es keine Abholung an dieser Unterkunft',
    'Hay más pasajeros con nombre que pasajeros reservados de ese tipo':
      'Es sind mehr Teilnehmer mit Namen angegeben als Teilnehmer dieser Art gebucht',
    'La reserva está cancelada y ya no se puede modificar':
      'Die Buchung ist storniert und kann nicht mehr geändert werden',
    'La reserva ya no se puede modificar': 'Die Buchung kann nicht mehr geändert werden',
    'La excursión ya ha empezado; la reserva ya no se puede modificar':
      'Der Ausflug hat bereits begonnen; die Buchung kann nicht mehr geändert werden',
    'La reserva ya está cancelada': 'Die Buchung ist bereits storniert',
    'La reserva ya no se puede cancelar': 'Die Buchung kann nicht mehr storniert werden',
    'El plazo de cancelación gratuita ha terminado': 'Die Frist für die kostenlose Stornierung ist abgelaufen',
    'Tu reserva se está procesando, espera un momento':
      'Ihre Buchung wird gerade bearbeitet, bitte warten Sie einen Moment',
    'Esta clave de idempotencia ya se usó con otra petición':
      'Diese Buchung wurde bereits mit anderen Angaben gesendet. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
    'El cuerpo de la petición no es un JSON válido': 'Die Anfrage ist ungültig.',
    'Hay errores en los datos enviados': 'Bitte prüfen Sie die markierten Angaben',
    'Los datos no cumplen las reglas': 'Bitte prüfen Sie die markierten Angaben',
    'Demasiadas peticiones, inténtalo de nuevo en unos segundos':
      'Zu viele Anfragen, bitte versuchen Sie es in ein paar Sekunden erneut',
    'Demasiadas peticiones; espera un momento e inténtalo de nuevo':
      'Zu viele Anfragen; bitte warten Sie einen Moment und versuchen Sie es erneut',
    'Error interno del servidor': 'Auf unserem Server ist ein Fehler aufgetreten',
    'Servicio no disponible temporalmente. Inténtalo de nuevo en unos segundos.':
      'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es in ein paar Sekunden erneut.',
    'La petición es demasiado grande': 'Die Anfrage ist zu groß',
    'Valor no válido': 'Ungültiger Wert',
    'Valor con formato no válido': 'Ungültiges Format',
    'Texto demasiado largo': 'Text zu lang',
    'Pregunta no válida para esta excursión': 'Diese Frage gilt nicht für diesen Ausflug',
    'Pasajero no válido': 'Ungültiger Teilnehmer',
    'Ruta no encontrada': 'Nicht gefunden',
    'Parámetros de la petición no válidos': 'Die Anfrage ist ungültig',
    'Petición no válida': 'Die Anfrage ist ungültig',
  },
  patterns: [
    [/^Máximo (\d+) caracteres$/, (m) => `Höchstens ${m[1]} Zeichen`],
    [/^Solo quedan (\d+) plazas$/, (m) => `Nur noch ${m[1]} Plätze frei`],
    [
      /^La venta de esta salida cerró (\d+) horas? antes de la salida$/,
      (m) => `Der Verkauf für diesen Termin endete ${m[1]} ${m[1] === '1' ? 'Stunde' : 'Stunden'} vor Beginn`,
    ],
    [
      /^El producto no tiene salida el (.+) a las (\d{1,2}:\d{2})$/,
      (m) => `Am ${m[1]} gibt es um ${m[2]} Uhr keinen Termin`,
    ],
    [/^El producto no opera el (.+)$/, (m) => `Der Ausflug findet am ${m[1]} nicht statt`],
    [/^El intervalo no puede superar (\d+) días$/, (m) => `Der Zeitraum darf höchstens ${m[1]} Tage umfassen`],
    [/^Debe ser como mínimo (-?\d+)$/, (m) => `Muss mindestens ${m[1]} sein`],
    [/^Debe ser como máximo (-?\d+)$/, (m) => `Darf höchstens ${m[1]} sein`],
  ],
};
