import type { TPublicDict } from '../es';

/** Nederlands (u). */
export const booking: TPublicDict['booking'] = {
  title: (product, operator) => `Boeken: ${product} · ${operator}`,
  kicker: 'Online boeken',
  formLabel: 'Boeking',
  steps: {
    date: 'Kies de datum',
    time: 'Kies de tijd',
    pax: 'Met hoeveel personen?',
    pickup: 'Ophalen',
    customer: 'Uw gegevens',
  },
  noDeparturesThisMonth: 'Deze maand zijn er geen vertrekken met vrije plaatsen. Probeer de volgende maand.',
  chooseDateFirst: 'Kies eerst een datum in de kalender.',
  timesOf: (day) => `Vertrektijden op ${day}`,
  full: 'Vol',
  minPax: (n) => `Het vertrek gaat door vanaf ${n} personen.`,
  seatsOnDeparture: (n) =>
    n === 1 ? 'Voor dit vertrek is nog 1 plaats vrij.' : `Voor dit vertrek zijn nog ${n} plaatsen vrij.`,
  summary: {
    title: 'Uw boeking',
    notChosen: 'Nog niet gekozen',
    addSomeone: 'Voeg ten minste één persoon toe.',
    taxes: 'Inclusief belastingen.',
    sending: 'Bezig met verzenden…',
    retry: 'Opnieuw proberen',
    review: (operator) => `${operator} controleert uw boeking en bevestigt die per e-mail.`,
  },
  soldOut: {
    title: 'Er zijn niet genoeg plaatsen meer',
    text: (day, time, left) =>
      `Terwijl u boekte, zijn er plaatsen verkocht voor het vertrek op ${day} om ${time}${
        left === null
          ? ''
          : left === 0
            ? '; het is nu vol'
            : left === 1
              ? '; er is nu nog 1 plaats vrij'
              : `; er zijn nu nog ${left} plaatsen vrij`
      }. Uw gegevens staan er nog: kies een andere tijd of een andere datum.`,
    alternatives: 'Andere tijden met vrije plaatsen',
    switchTo: (time, seats) => `Wijzigen naar ${time} · ${seats}`,
    otherDate: 'Andere datum kiezen',
  },
  failed: {
    title: 'We konden de boeking niet bevestigen',
    safeRetry: 'Geen zorgen: als u het opnieuw probeert, wordt de boeking niet dubbel gemaakt.',
  },
  errors: {
    date: 'Kies een datum',
    time: 'Kies een tijd',
    pax: 'Geef ten minste één deelnemer op',
    seatsLeft: (n) =>
      n === 1 ? 'Voor dit vertrek is nog maar 1 plaats vrij' : `Voor dit vertrek zijn nog maar ${n} plaatsen vrij`,
    checkFields: 'Controleer de gemarkeerde velden.',
  },
};
