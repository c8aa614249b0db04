import type { TPublicDict } from '../es';

/** Deutsch (Sie). */
export const booking: TPublicDict['booking'] = {
  title: (product, operator) => `Buchen: ${product} · ${operator}`,
  kicker: 'Online buchen',
  formLabel: 'Buchung',
  steps: {
    date: 'Datum wählen',
    time: 'Uhrzeit wählen',
    pax: 'Wie viele Personen?',
    pickup: 'Abholung',
    customer: 'Ihre Angaben',
  },
  noDeparturesThisMonth:
    'In diesem Monat gibt es keine Abfahrten mit freien Plätzen. Versuchen Sie es im nächsten Monat.',
  chooseDateFirst: 'Wählen Sie zuerst ein Datum im Kalender.',
  timesOf: (day) => `Abfahrtszeiten am ${day}`,
  full: 'Ausgebucht',
  minPax: (n) => `Die Abfahrt findet ab ${n} Personen statt.`,
  seatsOnDeparture: (n) =>
    n === 1 ? 'Für diese Abfahrt ist noch 1 Platz frei.' : `Für diese Abfahrt sind noch ${n} Plätze frei.`,
  summary: {
    title: 'Ihre Buchung',
    notChosen: 'Noch nicht gewählt',
    addSomeone: 'Fügen Sie mindestens eine Person hinzu.',
    taxes: 'Inklusive Steuern.',
    sending: 'Wird gesendet …',
    retry: 'Erneut versuchen',
    review: (operator) => `${operator} prüft Ihre Buchung und bestätigt sie Ihnen per E-Mail.`,
  },
  soldOut: {
    title: 'Nicht mehr genügend Plätze frei',
    text: (day, time, left) =>
      `Während Sie gebucht haben, wurden Plätze für die Abfahrt am ${day} um ${time} Uhr verkauft${
        left === null
          ? ''
          : left === 0
            ? '; sie ist jetzt ausgebucht'
            : left === 1
              ? '; jetzt ist nur noch 1 Platz frei'
              : `; jetzt sind nur noch ${left} Plätze frei`
      }. Ihre Angaben bleiben erhalten: Wählen Sie eine andere Uhrzeit oder ein anderes Datum.`,
    alternatives: 'Andere Uhrzeiten mit freien Plätzen',
    switchTo: (time, seats) => `Zu ${time} Uhr wechseln · ${seats}`,
    otherDate: 'Anderes Datum wählen',
  },
  failed: {
    title: 'Die Buchung konnte nicht bestätigt werden',
    safeRetry: 'Keine Sorge: Wenn Sie es erneut versuchen, wird die Buchung nicht doppelt angelegt.',
  },
  errors: {
    date: 'Bitte wählen Sie ein Datum',
    time: 'Bitte wählen Sie eine Uhrzeit',
    pax: 'Bitte geben Sie mindestens einen Teilnehmer an',
    seatsLeft: (n) =>
      n === 1 ? 'Für diese Abfahrt ist nur noch 1 Platz frei' : `Für diese Abfahrt sind nur noch ${n} Plätze frei`,
    checkFields: 'Bitte prüfen Sie die markierten Felder.',
  },
};
