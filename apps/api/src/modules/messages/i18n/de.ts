/**
 * What customers read, in German (issue 15), addressed formally ("Sie"). Same keys and placeholders
 * as ./es.ts. After the salutation's comma the next paragraph would start in lower case, so every
 * first paragraph starts with a word written capitalised anyway (Ihre, Sie, the operator's name).
 */
import type { MessageTexts } from './es';

export const de: MessageTexts = {
  subjects: {
    booking_confirmed: 'Buchung bestätigt: {tail}',
    booking_requested: 'Ihre Buchungsanfrage ist eingegangen: {tail}',
    booking_prepared: 'Ihre Buchung wartet auf Ihre Bestätigung: {tail}',
    booking_changed: 'Änderungen an Ihrer Buchung: {tail}',
    booking_cancelled: 'Buchung storniert: {tail}',
    payment_received: 'Zahlung erhalten: {tail}',
    payment_refunded: 'Erstattung zu Ihrer Buchung: {tail}',
    payment_link: 'Ihre Buchung online bezahlen: {tail}',
    booking_reminder: 'Morgen ist Ihr Ausflug: {tail}',
    departure_cancelled: 'Ausflug abgesagt: {tail}',
  },
  subjectTail: '{product}, {day} ({locator})',
  when: '{day} um {time} Uhr',
  labelValue: '{label}: {value}',
  greeting: 'Guten Tag {name},',
  greetingNoName: 'Guten Tag,',
  labels: {
    locator: 'Buchungsnummer',
    product: 'Ausflug',
    date: 'Datum',
    pax: 'Personen',
    duration: 'Dauer',
    pickup: 'Abholung',
    meetingPoint: 'Treffpunkt',
    total: 'Gesamtbetrag',
    paid: 'Bezahlt',
    pending: 'Offener Betrag',
    paidNet: 'Bezahlt (netto)',
    departureTime: 'Abfahrtszeit',
    pickupTime: 'Abholzeit',
    pickupPlace: 'Abholort',
    room: 'Zimmer',
  },
  pax: {
    adult: { one: 'Erwachsener', other: 'Erwachsene' },
    child: { one: 'Kind', other: 'Kinder' },
    infant: { one: 'Kleinkind', other: 'Kleinkinder' },
    senior: { one: 'Senior', other: 'Senioren' },
  },
  paymentMethods: {
    cash: 'bar',
    card: 'per Karte',
    transfer: 'per Überweisung',
    online: 'online',
  },
  departureReasons: {
    weather: 'wegen schlechten Wetters',
    min_pax: 'die Mindestteilnehmerzahl wurde nicht erreicht',
    operational: 'aus betrieblichen Gründen',
    other: 'aus anderen Gründen',
  },
  pickup: {
    otherPlace: '{place}, Abholpunkt für {hotel}',
    room: 'Zimmer {room}',
    withTime: '{time} Uhr – {place}',
    timeToConfirm: '{place} (die Uhrzeit teilen wir Ihnen noch mit)',
    meetingPoint: '{place}, um {time} Uhr',
    none: 'ohne Abholung',
  },
  buttons: {
    voucher: 'Voucher anzeigen',
    manage: 'Buchung ansehen oder ändern',
    review: 'Buchung prüfen und bestätigen',
  },
  contact: {
    phoneAndEmail:
      'Haben Sie Fragen? Wir helfen Ihnen gern: Rufen Sie uns unter {phone} an oder schreiben Sie an {email}.',
    phone: 'Haben Sie Fragen? Wir helfen Ihnen gern: Rufen Sie uns unter {phone} an.',
    email: 'Haben Sie Fragen? Wir helfen Ihnen gern: Schreiben Sie an {email}.',
    reply: 'Haben Sie Fragen? Wir helfen Ihnen gern – antworten Sie einfach auf diese E-Mail.',
  },
  freeCancellation: 'Kostenlose Stornierung bis {when} über die Seite Ihrer Buchung.',
  whatToBring: 'Bitte mitbringen: {items}.',
  pickupNotes: 'Hinweise zur Abholung: {notes}',
  confirmed: {
    intro: 'Ihre Buchung für „{product}“ ist bestätigt. Vielen Dank, dass Sie bei {brand} gebucht haben!',
    nextPickup:
      'So geht es weiter: Bewahren Sie Ihren Voucher gut auf (der QR-Code genügt, auf dem Handy oder ausgedruckt) und seien Sie 5 Minuten vor der Abholzeit am Abholort. Mit der angehängten Datei übernehmen Sie den Ausflug in Ihren Kalender.',
    nextMeetingPoint:
      'So geht es weiter: Bewahren Sie Ihren Voucher gut auf (der QR-Code genügt, auf dem Handy oder ausgedruckt) und seien Sie 10 Minuten vorher am Treffpunkt. Mit der angehängten Datei übernehmen Sie den Ausflug in Ihren Kalender.',
    next: 'So geht es weiter: Bewahren Sie Ihren Voucher gut auf (der QR-Code genügt, auf dem Handy oder ausgedruckt). Mit der angehängten Datei übernehmen Sie den Ausflug in Ihren Kalender.',
    preview: '{product}, {when}. Ihr Voucher und alle Einzelheiten stehen in dieser E-Mail.',
  },
  requested: {
    intro:
      'Ihre Anfrage für „{product}“ ist bei uns eingegangen. {brand} prüft sie, und wir melden uns, sobald sie bestätigt ist. Bitte beachten Sie: Dies ist noch kein gültiger Voucher.',
  },
  prepared: {
    intro:
      '{brand} hat diese Buchung für Sie vorbereitet. Bitte prüfen Sie die Angaben, ergänzen Sie, was noch fehlt, und bestätigen Sie die Buchung über diesen Link:',
    preview: 'Bitte prüfen und bestätigen Sie Ihre Buchung für {product}.',
  },
  changed: {
    intro: 'Ihre Buchung wurde geändert. Folgendes ist neu:',
    heading: 'Ihre Buchung jetzt',
    note: 'Der Link zu Ihrem Voucher bleibt derselbe und zeigt bereits die neuen Angaben.',
  },
  cancelled: {
    byCustomer: 'Sie haben Ihre Buchung für „{product}“ am {when} storniert.',
    byOperator: '{brand} hat Ihre Buchung für „{product}“ am {when} storniert.',
    reason: 'Grund: {reason}',
    preview: '{product}, {when}: Buchung storniert.',
  },
  refund: {
    nothingPaid: 'Sie hatten noch nichts bezahlt, es entstehen Ihnen also keine Kosten.',
    paid: 'Sie haben bereits {amount} bezahlt. Wir melden uns wieder, sobald die Erstattung veranlasst ist.',
  },
  payment: {
    received: 'Ihre Zahlung über {amount} ist bei uns eingegangen. Vielen Dank!',
    receivedWithMethod: 'Ihre Zahlung über {amount} ({method}) ist bei uns eingegangen. Vielen Dank!',
    receivedPreview: 'Zahlung über {amount} erhalten.',
    refunded:
      'Ihre Erstattung über {amount} ist veranlasst. Je nach Bank kann es einige Tage dauern, bis der Betrag auf Ihrem Konto erscheint.',
    refundedWithMethod:
      'Ihre Erstattung über {amount} ({method}) ist veranlasst. Je nach Bank kann es einige Tage dauern, bis der Betrag auf Ihrem Konto erscheint.',
    refundedPreview: 'Erstattung über {amount}.',
    linkIntro: 'Sie können {amount} für Ihre Buchung bis {until} online mit Karte bezahlen.',
    linkButton: '{amount} bezahlen',
    linkPreview: '{amount} online bezahlen bis {until}.',
  },
  reminder: {
    intro: 'Ihr Ausflug „{product}“ findet schon morgen statt. Wir freuen uns auf Sie! Hier noch einmal alle Angaben:',
    pickup:
      'Abholung: {value}. Halten Sie bitte Ihren Voucher bereit (der QR-Code auf dem Handy genügt) und seien Sie 5 Minuten vor der Abholzeit da.',
    meetingPoint:
      'Treffpunkt: {value}. Halten Sie bitte Ihren Voucher bereit (der QR-Code auf dem Handy genügt) und kommen Sie 10 Minuten früher.',
    plain: 'Halten Sie bitte Ihren Voucher bereit (der QR-Code auf dem Handy genügt) und kommen Sie 10 Minuten früher.',
  },
  departureCancelled: {
    intro:
      '{brand} musste den Ausflug „{product}“ am {when} leider absagen – und damit auch Ihre Buchung {locator}. Das tut uns sehr leid.',
    introWithReason:
      '{brand} musste den Ausflug „{product}“ am {when} leider absagen ({reason}) – und damit auch Ihre Buchung {locator}. Das tut uns sehr leid.',
    heading: 'Wie es jetzt weitergeht',
    preview: 'Ihr Ausflug am {when} wurde abgesagt: So geht es weiter.',
  },
  layout: {
    buttonFallback: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
    footer: 'Gesendet von Trayecto im Auftrag von {brand}.',
  },
  calendar: {
    fileName: 'buchung-{locator}.ics',
    locator: 'Buchungsnummer',
    voucher: 'Voucher',
    contact: 'Kontakt',
  },
  whatsapp: {
    hello: 'Guten Tag {name}!',
    helloNoName: 'Guten Tag!',
    booking_prepared:
      '{hello} Hier ist {brand}. Wir haben Ihre Buchung für „{product}“ am {when} ({locator}) vorbereitet. Bitte prüfen und bestätigen Sie sie hier:\n{link}',
    booking_confirmed:
      '{hello} Hier ist {brand}. Ihr Ausflug „{product}“ (Buchung {locator}) findet am {when} statt.{where}\nIhr Voucher: {link}',
    booking_reminder:
      '{hello} Eine kurze Erinnerung von {brand}: Morgen ist Ihr Ausflug „{product}“, {when}.{where}\nIhr Voucher: {link}',
    booking_cancelled:
      '{hello} Hier ist {brand}: Ihre Buchung {locator} für „{product}“ am {when} ist storniert. Bei Fragen antworten Sie einfach auf diese Nachricht.',
    booking_cancelled_paid:
      '{hello} Hier ist {brand}: Ihre Buchung {locator} für „{product}“ am {when} ist storniert. Sie haben {amount} bezahlt; wir melden uns, sobald die Erstattung veranlasst ist. Bei Fragen antworten Sie einfach auf diese Nachricht.',
    payment_link:
      '{hello} Hier schreibt {brand}. Sie können {amount} für Ihre Buchung {locator} („{product}“, {when}) bis {until} hier bezahlen:\n{link}',
  },
};
