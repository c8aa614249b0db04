/** What customers read, in Dutch (issue 15), addressed formally ("u"). Same keys and placeholders as ./es.ts. */
import type { MessageTexts } from './es';

export const nl: MessageTexts = {
  subjects: {
    booking_confirmed: 'Boeking bevestigd: {tail}',
    booking_requested: 'We hebben uw aanvraag ontvangen: {tail}',
    booking_prepared: 'Uw boeking wacht op uw bevestiging: {tail}',
    booking_changed: 'Wijzigingen in uw boeking: {tail}',
    booking_cancelled: 'Boeking geannuleerd: {tail}',
    payment_received: 'Betaling ontvangen: {tail}',
    payment_refunded: 'Terugbetaling voor uw boeking: {tail}',
    payment_link: 'Betaal uw boeking online: {tail}',
    booking_reminder: 'Morgen is uw excursie: {tail}',
    departure_cancelled: 'Excursie geannuleerd: {tail}',
  },
  subjectTail: '{product}, {day} ({locator})',
  when: '{day} om {time} uur',
  labelValue: '{label}: {value}',
  greeting: 'Beste {name},',
  greetingNoName: 'Beste klant,',
  labels: {
    locator: 'Boekingsnummer',
    product: 'Excursie',
    date: 'Datum',
    pax: 'Deelnemers',
    duration: 'Duur',
    pickup: 'Ophalen',
    meetingPoint: 'Verzamelpunt',
    total: 'Totaal',
    paid: 'Betaald',
    pending: 'Nog te betalen',
    paidNet: 'Betaald (netto)',
    departureTime: 'Vertrektijd',
    pickupTime: 'Ophaaltijd',
    pickupPlace: 'Ophaallocatie',
    room: 'Kamer',
  },
  pax: {
    adult: { one: 'volwassene', other: 'volwassenen' },
    child: { one: 'kind', other: 'kinderen' },
    infant: { one: 'baby', other: 'baby’s' },
    senior: { one: 'senior', other: 'senioren' },
  },
  paymentMethods: {
    cash: 'contant',
    card: 'met kaart',
    transfer: 'per overboeking',
    online: 'online',
  },
  departureReasons: {
    weather: 'vanwege slecht weer',
    min_pax: 'het minimumaantal deelnemers is niet gehaald',
    operational: 'om organisatorische redenen',
    other: 'om een andere reden',
  },
  pickup: {
    otherPlace: '{place}, ophaalpunt voor {hotel}',
    room: 'kamer {room}',
    withTime: '{time} uur bij {place}',
    timeToConfirm: '{place} (de tijd laten we u nog weten)',
    meetingPoint: '{place}, om {time} uur',
    none: 'zonder ophaalservice',
  },
  buttons: {
    voucher: 'Voucher bekijken',
    manage: 'Boeking bekijken of wijzigen',
    review: 'Boeking controleren en bevestigen',
  },
  contact: {
    phoneAndEmail: 'Hebt u vragen? We helpen u graag: bel ons op {phone} of mail naar {email}.',
    phone: 'Hebt u vragen? We helpen u graag: bel ons op {phone}.',
    email: 'Hebt u vragen? We helpen u graag: mail naar {email}.',
    reply: 'Hebt u vragen? We helpen u graag: beantwoord gewoon deze e-mail.',
  },
  freeCancellation: 'Gratis annuleren kan tot {when} via de pagina van uw boeking.',
  whatToBring: 'Neem mee: {items}.',
  pickupNotes: 'Over het ophalen: {notes}',
  confirmed: {
    intro: 'Uw boeking voor ‘{product}’ is bevestigd. Bedankt dat u bij {brand} hebt geboekt!',
    nextPickup:
      'Wat nu? Bewaar uw voucher (de QR-code is voldoende, op uw telefoon of geprint) en sta 5 minuten voor de ophaaltijd klaar op de ophaallocatie. Met het bijgevoegde bestand zet u de excursie in uw agenda.',
    nextMeetingPoint:
      'Wat nu? Bewaar uw voucher (de QR-code is voldoende, op uw telefoon of geprint) en wees 10 minuten van tevoren op het verzamelpunt. Met het bijgevoegde bestand zet u de excursie in uw agenda.',
    next: 'Wat nu? Bewaar uw voucher (de QR-code is voldoende, op uw telefoon of geprint). Met het bijgevoegde bestand zet u de excursie in uw agenda.',
    preview: '{product}, {when}. Uw voucher en alle details vindt u in deze e-mail.',
  },
  requested: {
    intro:
      'We hebben uw aanvraag voor ‘{product}’ ontvangen. {brand} bekijkt deze en we laten het u weten zodra de boeking is bevestigd. Let op: dit is nog geen geldige voucher.',
  },
  prepared: {
    intro:
      '{brand} heeft deze boeking voor u klaargezet. Controleer de gegevens, vul aan wat nog ontbreekt en bevestig de boeking via deze link:',
    preview: 'Controleer en bevestig uw boeking voor {product}.',
  },
  changed: {
    intro: 'We hebben uw boeking gewijzigd. Dit is er veranderd:',
    heading: 'Uw boeking nu',
    note: 'De link naar uw voucher blijft hetzelfde en toont al de nieuwe gegevens.',
  },
  cancelled: {
    byCustomer: 'U hebt uw boeking voor ‘{product}’ op {when} geannuleerd.',
    byOperator: '{brand} heeft uw boeking voor ‘{product}’ op {when} geannuleerd.',
    reason: 'Reden: {reason}',
    preview: '{product}, {when}: boeking geannuleerd.',
  },
  refund: {
    nothingPaid: 'U had nog niets betaald, dus er worden geen kosten in rekening gebracht.',
    paid: 'U hebt {amount} betaald. We laten het u weten zodra we het bedrag hebben terugbetaald.',
  },
  payment: {
    received: 'We hebben uw betaling van {amount} ontvangen. Hartelijk dank!',
    receivedWithMethod: 'We hebben uw betaling van {amount} ({method}) ontvangen. Hartelijk dank!',
    receivedPreview: 'Betaling van {amount} ontvangen.',
    refunded:
      'We hebben {amount} aan u terugbetaald. Afhankelijk van uw bank kan het enkele dagen duren voordat het bedrag op uw rekening staat.',
    refundedWithMethod:
      'We hebben {amount} aan u terugbetaald ({method}). Afhankelijk van uw bank kan het enkele dagen duren voordat het bedrag op uw rekening staat.',
    refundedPreview: 'Terugbetaling van {amount}.',
    linkIntro: 'U kunt {amount} voor uw boeking tot {until} online met uw kaart betalen.',
    linkButton: 'Betaal {amount}',
    linkPreview: 'Betaal {amount} online vóór {until}.',
  },
  reminder: {
    intro:
      'Morgen is het zover: uw excursie ‘{product}’. We kijken ernaar uit u te verwelkomen! Hier nog even alle gegevens:',
    pickup:
      'Ophalen: {value}. Houd uw voucher bij de hand (de QR-code op uw telefoon is voldoende) en sta 5 minuten van tevoren klaar.',
    meetingPoint:
      'Verzamelpunt: {value}. Houd uw voucher bij de hand (de QR-code op uw telefoon is voldoende) en kom 10 minuten van tevoren.',
    plain: 'Houd uw voucher bij de hand (de QR-code op uw telefoon is voldoende) en kom 10 minuten van tevoren.',
  },
  departureCancelled: {
    intro:
      'Het spijt ons zeer: {brand} heeft de excursie ‘{product}’ van {when} moeten annuleren, en daarmee ook uw boeking {locator}.',
    introWithReason:
      'Het spijt ons zeer: {brand} heeft de excursie ‘{product}’ van {when} moeten annuleren ({reason}), en daarmee ook uw boeking {locator}.',
    heading: 'Hoe nu verder',
    preview: 'Excursie van {when} geannuleerd: zo gaat het verder.',
  },
  layout: {
    buttonFallback: 'Werkt de knop niet? Kopieer dan dit adres naar uw browser:',
    footer: 'Verzonden door Trayecto namens {brand}.',
  },
  calendar: {
    fileName: 'boeking-{locator}.ics',
    locator: 'Boekingsnummer',
    voucher: 'Voucher',
    contact: 'Contact',
  },
  whatsapp: {
    hello: 'Hallo {name},',
    helloNoName: 'Hallo,',
    booking_prepared:
      '{hello} dit is een bericht van {brand}. We hebben uw boeking voor ‘{product}’ op {when} ({locator}) klaargezet. Controleer en bevestig deze hier:\n{link}',
    booking_confirmed:
      '{hello} dit is een bericht van {brand}. Uw boeking {locator} voor ‘{product}’ staat gepland op {when}.{where}\nUw voucher: {link}',
    booking_reminder:
      '{hello} een herinnering van {brand}: morgen is uw excursie ‘{product}’, {when}.{where}\nUw voucher: {link}',
    booking_cancelled:
      '{hello} dit is een bericht van {brand}: uw boeking {locator} voor ‘{product}’ op {when} is geannuleerd. Hebt u vragen? Beantwoord dan gewoon dit bericht.',
    booking_cancelled_paid:
      '{hello} dit is een bericht van {brand}: uw boeking {locator} voor ‘{product}’ op {when} is geannuleerd. U hebt {amount} betaald; we laten het u weten zodra we dat bedrag hebben terugbetaald. Hebt u vragen? Beantwoord dan gewoon dit bericht.',
    payment_link:
      '{hello} U krijgt dit bericht van {brand}. U kunt {amount} voor uw boeking {locator} ("{product}", {when}) hier betalen, tot {until}:\n{link}',
  },
};
