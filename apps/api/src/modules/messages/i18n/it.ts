/**
 * What customers read, in Italian (issue 15), addressed formally ("Lei", with the courtesy forms in
 * lower case as Italian business mail writes them today: "la sua prenotazione"). Same keys and
 * placeholders as ./es.ts.
 */
import type { MessageTexts } from './es';

export const it: MessageTexts = {
  subjects: {
    booking_confirmed: 'Prenotazione confermata: {tail}',
    booking_requested: 'Abbiamo ricevuto la sua richiesta: {tail}',
    booking_prepared: 'La sua prenotazione attende la conferma: {tail}',
    booking_changed: 'Modifiche alla sua prenotazione: {tail}',
    booking_cancelled: 'Prenotazione annullata: {tail}',
    payment_received: 'Pagamento ricevuto: {tail}',
    payment_refunded: 'Rimborso della sua prenotazione: {tail}',
    payment_link: 'Paghi la sua prenotazione online: {tail}',
    booking_reminder: 'Domani la sua escursione: {tail}',
    departure_cancelled: 'Escursione annullata: {tail}',
  },
  subjectTail: '{product}, {day} ({locator})',
  when: '{day} alle {time}',
  labelValue: '{label}: {value}',
  greeting: 'Gentile {name},',
  greetingNoName: 'Gentile cliente,',
  labels: {
    locator: 'Codice di prenotazione',
    product: 'Escursione',
    date: 'Data',
    pax: 'Partecipanti',
    duration: 'Durata',
    pickup: 'Prelievo',
    meetingPoint: 'Punto d’incontro',
    total: 'Totale',
    paid: 'Pagato',
    pending: 'Da pagare',
    paidNet: 'Pagato (netto)',
    departureTime: 'Ora di partenza',
    pickupTime: 'Ora del prelievo',
    pickupPlace: 'Luogo del prelievo',
    room: 'Camera',
  },
  pax: {
    adult: { one: 'adulto', other: 'adulti' },
    child: { one: 'bambino', other: 'bambini' },
    infant: { one: 'neonato', other: 'neonati' },
    senior: { one: 'senior', other: 'senior' },
  },
  paymentMethods: {
    cash: 'in contanti',
    card: 'con carta',
    transfer: 'con bonifico',
    online: 'online',
  },
  departureReasons: {
    weather: 'a causa del maltempo',
    min_pax: 'non è stato raggiunto il numero minimo di partecipanti',
    operational: 'per motivi organizzativi',
    other: 'per altri motivi',
  },
  pickup: {
    otherPlace: '{place}, punto di prelievo per {hotel}',
    room: 'camera {room}',
    withTime: 'alle {time} presso {place}',
    timeToConfirm: '{place} (le confermeremo l’orario)',
    meetingPoint: '{place}, alle {time}',
    none: 'senza prelievo',
  },
  buttons: {
    voucher: 'Visualizza il voucher',
    manage: 'Visualizza o modifica la prenotazione',
    review: 'Controlla e conferma la prenotazione',
  },
  contact: {
    phoneAndEmail: 'Ha domande? Siamo a sua disposizione: ci chiami al {phone} o ci scriva a {email}.',
    phone: 'Ha domande? Siamo a sua disposizione: ci chiami al {phone}.',
    email: 'Ha domande? Siamo a sua disposizione: ci scriva a {email}.',
    reply: 'Ha domande? Siamo a sua disposizione: risponda pure a questo messaggio.',
  },
  freeCancellation: 'Cancellazione gratuita fino a {when} dalla pagina della sua prenotazione.',
  whatToBring: 'Cosa portare: {items}.',
  pickupNotes: 'Per il prelievo: {notes}',
  confirmed: {
    intro: 'La sua prenotazione per «{product}» è confermata. Grazie per aver prenotato con {brand}!',
    nextPickup:
      'Cosa fare ora: conservi il voucher (basta il codice QR, sul telefono o stampato) e si trovi al punto di prelievo 5 minuti prima dell’orario indicato. Con il file allegato può aggiungere l’escursione al suo calendario.',
    nextMeetingPoint:
      'Cosa fare ora: conservi il voucher (basta il codice QR, sul telefono o stampato) e si presenti al punto d’incontro 10 minuti prima. Con il file allegato può aggiungere l’escursione al suo calendario.',
    next: 'Cosa fare ora: conservi il voucher (basta il codice QR, sul telefono o stampato). Con il file allegato può aggiungere l’escursione al suo calendario.',
    preview: '{product}, {when}. All’interno il voucher e tutti i dettagli.',
  },
  requested: {
    intro:
      'Abbiamo ricevuto la sua richiesta per «{product}». {brand} la esaminerà e le scriveremo non appena sarà confermata; per ora non si tratta ancora di un voucher valido.',
  },
  prepared: {
    intro:
      '{brand} ha preparato questa prenotazione per lei. Controlli i dati, completi le informazioni mancanti e la confermi tramite il link qui sotto:',
    preview: 'Controlli e confermi la sua prenotazione per {product}.',
  },
  changed: {
    intro: 'Abbiamo modificato la sua prenotazione. Ecco cosa cambia:',
    heading: 'La sua prenotazione ora',
    note: 'Il link del voucher resta lo stesso e mostra già i nuovi dati.',
  },
  cancelled: {
    byCustomer: 'Ha annullato la sua prenotazione per «{product}» di {when}.',
    byOperator: '{brand} ha annullato la sua prenotazione per «{product}» di {when}.',
    reason: 'Motivo: {reason}',
    preview: '{product}, {when}: prenotazione annullata.',
  },
  refund: {
    nothingPaid: 'Non aveva effettuato alcun pagamento: non le verrà addebitato nulla.',
    paid: 'Ha già pagato {amount}. Le scriveremo di nuovo non appena avremo effettuato il rimborso.',
  },
  payment: {
    received: 'Abbiamo ricevuto il suo pagamento di {amount}. Grazie!',
    receivedWithMethod: 'Abbiamo ricevuto il suo pagamento di {amount} ({method}). Grazie!',
    receivedPreview: 'Pagamento di {amount} ricevuto.',
    refunded:
      'Le abbiamo rimborsato {amount}. A seconda della banca, potrebbero volerci alcuni giorni prima che l’importo compaia sul suo conto.',
    refundedWithMethod:
      'Le abbiamo rimborsato {amount} ({method}). A seconda della banca, potrebbero volerci alcuni giorni prima che l’importo compaia sul suo conto.',
    refundedPreview: 'Rimborso di {amount}.',
    linkIntro: 'Può pagare online {amount} della sua prenotazione, con carta, fino al {until}.',
    linkButton: 'Paga {amount}',
    linkPreview: 'Paghi {amount} online entro il {until}.',
  },
  reminder: {
    intro: 'Domani è il giorno della sua escursione «{product}». La aspettiamo:',
    pickup:
      'Prelievo: {value}. Tenga a portata di mano il voucher (basta il QR sul telefono) e si trovi sul posto 5 minuti prima.',
    meetingPoint:
      'Punto d’incontro: {value}. Tenga a portata di mano il voucher (basta il QR sul telefono) e arrivi 10 minuti prima.',
    plain: 'Tenga a portata di mano il voucher (basta il QR sul telefono) e arrivi 10 minuti prima.',
  },
  departureCancelled: {
    intro:
      'Siamo davvero spiacenti: {brand} ha dovuto annullare la partenza di «{product}» di {when} e, di conseguenza, la sua prenotazione {locator}.',
    introWithReason:
      'Siamo davvero spiacenti: {brand} ha dovuto annullare la partenza di «{product}» di {when} ({reason}) e, di conseguenza, la sua prenotazione {locator}.',
    heading: 'Cosa succede ora',
    preview: 'Partenza di {when} annullata: ecco cosa succede ora.',
  },
  layout: {
    buttonFallback: 'Se il pulsante non funziona, copi questo indirizzo nel browser:',
    footer: 'Inviato da Trayecto per conto di {brand}.',
  },
  calendar: {
    fileName: 'prenotazione-{locator}.ics',
    locator: 'Codice di prenotazione',
    voucher: 'Voucher',
    contact: 'Contatti',
  },
  whatsapp: {
    hello: 'Buongiorno {name}!',
    helloNoName: 'Buongiorno!',
    booking_prepared:
      '{hello} Le scriviamo da {brand}. Abbiamo preparato la sua prenotazione per «{product}» di {when} ({locator}). Può controllarla e confermarla qui:\n{link}',
    booking_confirmed:
      '{hello} Le scriviamo da {brand}. La sua prenotazione {locator} per «{product}» è fissata per {when}.{where}\nIl suo voucher: {link}',
    booking_reminder:
      '{hello} Un promemoria da {brand}: domani c’è la sua escursione «{product}», {when}.{where}\nIl suo voucher: {link}',
    booking_cancelled:
      '{hello} Le scriviamo da {brand}: la sua prenotazione {locator} per «{product}» di {when} è stata annullata. Per qualsiasi domanda, risponda pure a questo messaggio.',
    booking_cancelled_paid:
      '{hello} Le scriviamo da {brand}: la sua prenotazione {locator} per «{product}» di {when} è stata annullata. Ha pagato {amount}: la avviseremo non appena avremo effettuato il rimborso. Per qualsiasi domanda, risponda pure a questo messaggio.',
    payment_link:
      '{hello} Le scrive {brand}. Può pagare {amount} della sua prenotazione {locator} («{product}», {when}) qui, fino al {until}:\n{link}',
  },
};
