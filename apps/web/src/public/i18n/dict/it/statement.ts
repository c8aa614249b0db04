import type { TPublicDict } from '../es';

/**
 * The accessibility statement in Italian (formal «Lei»), translated faithfully from
 * ../es/statement.ts: same facts, standards, date and complaint route; Spanish law names stay as
 * proper names.
 */
export const statement: TPublicDict['statement'] = {
  back: 'Torna alla pagina precedente',
  backShort: 'Indietro',
  theOperator: 'Il tour operator',
  intro: (operator) =>
    `${operator} desidera che tutte le persone possano consultare le sue escursioni, prenotare e scaricare il proprio voucher senza barriere. Questa dichiarazione si applica alle pagine pubbliche di prenotazione gestite con Trayecto: la scheda di ogni escursione, il modulo di prenotazione, la consultazione e la modifica di una prenotazione e il voucher.`,

  statusTitle: 'Stato di conformità',
  partially: 'parzialmente conformi',
  status:
    'Queste pagine sono {partially} alle Linee guida per l’accessibilità dei contenuti Web (WCAG) 2.2, livello AA, e alla norma europea EN 301 549, che è il riferimento della legge spagnola Ley 11/2023 (che recepisce nel diritto spagnolo la direttiva (UE) 2019/882, l’Atto europeo sull’accessibilità). «Parzialmente» a causa dei limiti noti indicati di seguito.',

  limitationsTitle: 'Limiti noti',
  limitations: [
    'Le mappe del punto d’incontro e dei punti di prelievo non si possono esplorare con la tastiera né con un lettore di schermo. L’indirizzo e le indicazioni sono riportati anche per iscritto accanto alla mappa, e l’alloggio di prelievo si sceglie da un elenco.',
    'Le foto delle escursioni sono pubblicate da ciascun tour operator; alcune potrebbero non avere una descrizione dettagliata.',
    'Il codice QR del voucher serve solo per il controllo degli accessi all’escursione; il codice di prenotazione e tutti i dati della prenotazione sono riportati anche come testo sul voucher.',
    'Non abbiamo ancora verificato queste pagine con tutti i lettori di schermo e tutti i browser; se qualcosa non funziona, ce lo segnali (più sotto) e l’aiuteremo in un altro modo.',
  ],

  assessmentTitle: 'Come le abbiamo valutate',
  assessment:
    'Autovalutazione: ogni versione viene verificata con test automatici (axe-core, criteri WCAG 2.0, 2.1 e 2.2 di livello A e AA) su computer e su dispositivi mobili, e con percorsi svolti solo da tastiera (una prenotazione dall’inizio alla fine, fino al voucher).',

  contactTitle: 'Contatti per problemi di accessibilità',
  mailSubject: 'Accessibilità',
  contactEmailPhone: (operator) =>
    `Se incontra una barriera o ha bisogno delle informazioni in un altro formato, scriva a ${operator} all’indirizzo {email} o chiami il numero {phone}.`,
  contactEmail: (operator) =>
    `Se incontra una barriera o ha bisogno delle informazioni in un altro formato, scriva a ${operator} all’indirizzo {email}.`,
  contactPhone: (operator) =>
    `Se incontra una barriera o ha bisogno delle informazioni in un altro formato, contatti ${operator} al numero {phone}.`,
  contactWhat:
    'Indichi la pagina e che cosa non ha funzionato: le risponderemo e, se necessario, faremo la prenotazione insieme a lei per telefono o per e-mail.',
  contactAnyOperator:
    'Se incontra una barriera o ha bisogno delle informazioni in un altro formato, scriva al tour operator presso cui prenota: il suo indirizzo e-mail e il suo numero di telefono si trovano in fondo alla scheda dell’escursione e alla pagina della sua prenotazione, oltre che sul suo voucher. Indichi la pagina e che cosa non ha funzionato: le risponderà e, se necessario, farà la prenotazione insieme a lei per telefono o per e-mail.',
  complaint:
    'Se la risposta non la soddisfa, può presentare un reclamo ai servizi di tutela dei consumatori della sua comunità autonoma (comunidad autónoma).',

  dateTitle: 'Data',
  prepared: (date) =>
    `Questa dichiarazione è stata redatta il ${date} e viene rivista a ogni modifica rilevante di queste pagine.`,
};
