import type { TPublicDict } from '../es';

/** Italiano (Lei). */
export const booking: TPublicDict['booking'] = {
  title: (product, operator) => `Prenota: ${product} · ${operator}`,
  kicker: 'Prenotazione online',
  formLabel: 'Prenotazione',
  steps: {
    date: 'Scelga la data',
    time: 'Scelga l’orario',
    pax: 'Quante persone?',
    pickup: 'Pick-up',
    customer: 'I suoi dati',
  },
  noDeparturesThisMonth: 'Nessuna partenza con posti disponibili questo mese. Provi con il mese successivo.',
  chooseDateFirst: 'Scelga prima una data nel calendario.',
  timesOf: (day) => `Orari di partenza di ${day}`,
  full: 'Esaurito',
  minPax: (n) => `La partenza si effettua con un minimo di ${n} persone.`,
  seatsOnDeparture: (n) => (n === 1 ? 'Per questa partenza resta 1 posto.' : `Per questa partenza restano ${n} posti.`),
  summary: {
    title: 'La sua prenotazione',
    notChosen: 'Da scegliere',
    addSomeone: 'Aggiunga almeno una persona.',
    taxes: 'Tasse incluse.',
    sending: 'Invio in corso…',
    retry: 'Riprova',
    review: (operator) => `${operator} esaminerà la sua prenotazione e gliela confermerà via e-mail.`,
  },
  soldOut: {
    title: 'Non ci sono più posti sufficienti',
    text: (day, time, left) =>
      `Mentre prenotava sono stati venduti dei posti per la partenza di ${day} alle ${time}${
        left === null
          ? ''
          : left === 0
            ? ', che ora è al completo'
            : left === 1
              ? ': ora resta 1 posto'
              : `: ora restano ${left} posti`
      }. I suoi dati sono ancora qui: scelga un altro orario o un’altra data.`,
    alternatives: 'Altri orari con posti disponibili',
    switchTo: (time, seats) => `Passare alle ${time} · ${seats}`,
    otherDate: 'Scegliere un’altra data',
  },
  failed: {
    title: 'Non è stato possibile confermare la prenotazione',
    safeRetry: 'Non si preoccupi: se riprova, la prenotazione non verrà registrata due volte.',
  },
  errors: {
    date: 'Scelga una data',
    time: 'Scelga un orario',
    pax: 'Indichi almeno un partecipante',
    seatsLeft: (n) =>
      n === 1 ? 'Per questa partenza resta solo 1 posto' : `Per questa partenza restano solo ${n} posti`,
    checkFields: 'Controlli i campi evidenziati.',
  },
};
