import type { TPublicLocale, ZProductTranslations } from '@trayecto/shared';
import type { z } from 'zod';

/**
 * The demo's customer-facing texts in the other languages (issue 15). The operators write in
 * Spanish (their default language); these are what a British, German, French, Italian or Dutch
 * visitor reads instead, written as a native speaker would write them, not word for word: British
 * English, German with "Sie", French with "vous" (and its no-break spaces), Italian with "Lei"
 * (lower-case "suo" as the messages write it) and Dutch with "u".
 *
 * What the demo shows:
 * - TEI-01, the flagship, is complete in every language: every text it has (it has no booking
 *   terms of its own: the operator's apply, translated below).
 * - LOR-01, TEI-NOCHE, CAT-01 and ORO-01 translate only their name, summary, includes and excludes
 *   (LOR-01 also into French): their descriptions, meeting points and (ORO-01's) own terms stay
 *   Spanish, so their pages show the per-text fallback to the operator's default language.
 * - MAS-01 has no translations at all: the product with only Spanish texts, whose German page is a
 *   German page with Spanish content.
 *
 * seed-products.ts sends these through ZProductCreateRequest like any request (which validates
 * them) and stores them as the API does (descriptions sanitised); seed.ts stores the operators'.
 */

type Translations = z.input<typeof ZProductTranslations>;

/** No-break space (U+00A0): the space French puts before « : ; ! ? », inside « », and in 2 000. */
const _ = '\u00a0';

/** The link of TEI-01's description, the same in every language. */
const NATIONAL_PARKS_URL = 'https://www.miteco.gob.es/es/red-parques-nacionales/nuestros-parques/teide.html';

const TEI_01: Translations = {
  en: {
    name: 'Mount Teide and the National Park',
    short_description:
      'A full day in Teide National Park: the Roques de García, the Llano de Ucanca plain and the Chío viewpoint, with an official guide.',
    description: `<h2>Spain’s highest volcano</h2><p>From the coast we climb through the <strong>Vilaflor pine forest</strong> to Las Cañadas del Teide, more than 2,000 metres above sea level. We stop at the <strong>Roques de García</strong>, the Llano de Ucanca plain and the Chío viewpoint, and you’ll have free time to take the cable car up (ticket not included).</p><p>Find out more about the park on <a href="${NATIONAL_PARKS_URL}">the Spanish National Parks website</a>.</p>`,
    includes: [
      'Air-conditioned coach',
      'Official guide speaking Spanish, English and German',
      'Hotel pick-up',
      'Travel insurance',
    ],
    excludes: ['Teide cable car', 'Food and drinks', 'Permit to climb to the summit'],
    what_to_bring: [
      'Warm clothes (it can be up to 15 °C colder at the top than on the coast)',
      'Comfortable shoes',
      'Sunglasses',
      'Sun cream',
      'Water',
    ],
    meeting_point: 'Teide Aventura office, Avenida de Bruselas 12, Costa Adeje',
    pickup_notes:
      'Please wait at your hotel’s main entrance 5 minutes before the pick-up time on your voucher. Our coach has a Teide Aventura sign in the windscreen. If it is more than 15 minutes late, please call our office on +34 922 123 456.',
  },
  de: {
    name: 'Auf den Teide und durch den Nationalpark',
    short_description:
      'Ein ganzer Tag im Teide-Nationalpark: Roques de García, die Hochebene Llano de Ucanca und der Aussichtspunkt von Chío – mit lizenziertem Reiseleiter.',
    description: `<h2>Spaniens höchster Vulkan</h2><p>Von der Küste geht es durch den <strong>Kiefernwald von Vilaflor</strong> hinauf in die Cañadas del Teide, auf über 2.000 Meter Höhe. Wir halten an den <strong>Roques de García</strong>, auf der Hochebene Llano de Ucanca und am Aussichtspunkt von Chío. Danach haben Sie Zeit zur freien Verfügung, etwa für eine Fahrt mit der Seilbahn (Ticket nicht inbegriffen).</p><p>Mehr über den Park erfahren Sie auf <a href="${NATIONAL_PARKS_URL}">der Website der spanischen Nationalparks</a>.</p>`,
    includes: [
      'Fahrt im klimatisierten Reisebus',
      'Lizenzierter Reiseleiter (Spanisch, Englisch, Deutsch)',
      'Abholung am Hotel',
      'Reiseversicherung',
    ],
    excludes: ['Seilbahn auf den Teide', 'Essen und Getränke', 'Genehmigung für den Gipfelaufstieg'],
    what_to_bring: [
      'Warme Kleidung (oben ist es bis zu 15 °C kälter als an der Küste)',
      'Bequeme Schuhe',
      'Sonnenbrille',
      'Sonnencreme',
      'Wasser',
    ],
    meeting_point: 'Büro von Teide Aventura, Avenida de Bruselas 12, Costa Adeje',
    pickup_notes:
      'Bitte warten Sie 5 Minuten vor der auf Ihrem Voucher angegebenen Abholzeit am Haupteingang Ihres Hotels. Unser Bus hat ein Schild „Teide Aventura“ hinter der Windschutzscheibe. Sollte er sich um mehr als 15 Minuten verspäten, rufen Sie bitte unser Büro an: +34 922 123 456.',
  },
  fr: {
    name: 'Montée au Teide et parc national',
    short_description: `Une journée complète dans le parc national du Teide${_}: les Roques de García, la plaine d’Ucanca et le belvédère de Chío, avec un guide officiel.`,
    description: `<h2>Le plus haut volcan d’Espagne</h2><p>Depuis la côte, nous montons à travers la <strong>pinède de Vilaflor</strong> jusqu’aux Cañadas del Teide, à plus de 2${_}000 mètres d’altitude. Nous nous arrêtons aux <strong>Roques de García</strong>, dans la plaine d’Ucanca et au belvédère de Chío, puis vous aurez du temps libre pour monter en téléphérique (billet non compris).</p><p>Pour en savoir plus sur le parc, consultez <a href="${NATIONAL_PARKS_URL}">le site des parcs nationaux espagnols</a>.</p>`,
    includes: [
      'Transport en autocar climatisé',
      'Guide officiel parlant espagnol, anglais et allemand',
      'Prise en charge à votre hôtel',
      'Assurance voyage',
    ],
    excludes: ['Téléphérique du Teide', 'Repas et boissons', 'Autorisation d’accès au sommet'],
    what_to_bring: [
      'Vêtements chauds (en altitude, il fait jusqu’à 15 °C de moins que sur la côte)',
      'Chaussures confortables',
      'Lunettes de soleil',
      'Crème solaire',
      'Eau',
    ],
    meeting_point: 'Agence Teide Aventura, Avenida de Bruselas 12, Costa Adeje',
    pickup_notes: `Merci de patienter devant l’entrée principale de votre hôtel 5 minutes avant l’heure de prise en charge indiquée sur votre bon. Notre autocar porte le panneau «${_}Teide Aventura${_}» derrière le pare-brise. S’il a plus de 15 minutes de retard, appelez notre agence au +34 922 123 456.`,
  },
  it: {
    name: 'Salita al Teide e Parco Nazionale',
    short_description:
      'Una giornata intera nel Parco Nazionale del Teide: Roques de García, Llano de Ucanca e belvedere di Chío, con guida ufficiale.',
    description: `<h2>Il vulcano più alto della Spagna</h2><p>Dalla costa saliamo attraverso la <strong>pineta di Vilaflor</strong> fino alle Cañadas del Teide, a oltre 2.000 metri di quota. Ci fermiamo ai <strong>Roques de García</strong>, al Llano de Ucanca e al belvedere di Chío; avrà poi tempo libero per salire in funivia (biglietto non incluso).</p><p>Maggiori informazioni sul parco sono disponibili sul <a href="${NATIONAL_PARKS_URL}">sito dei Parchi Nazionali spagnoli</a>.</p>`,
    includes: [
      'Trasporto in pullman climatizzato',
      'Guida ufficiale in spagnolo, inglese e tedesco',
      'Prelievo in hotel',
      'Assicurazione di viaggio',
    ],
    excludes: ['Funivia del Teide', 'Pasti e bevande', 'Permesso per salire sulla vetta'],
    what_to_bring: [
      'Abbigliamento caldo (in quota fa fino a 15 °C in meno che sulla costa)',
      'Scarpe comode',
      'Occhiali da sole',
      'Crema solare',
      'Acqua',
    ],
    meeting_point: 'Ufficio Teide Aventura, Avenida de Bruselas 12, Costa Adeje',
    pickup_notes:
      'Attenda all’ingresso principale del suo hotel 5 minuti prima dell’orario di prelievo indicato sul voucher. Il nostro pullman espone il cartello «Teide Aventura» sul parabrezza. Se tarda più di 15 minuti, chiami il nostro ufficio al numero +34 922 123 456.',
  },
  nl: {
    name: 'Naar de Teide en het Nationaal Park',
    short_description:
      'Een hele dag door Nationaal Park Teide: de Roques de García, de vlakte van Ucanca en het uitzichtpunt van Chío, met een officiële gids.',
    description: `<h2>De hoogste vulkaan van Spanje</h2><p>Vanaf de kust rijden we door het <strong>dennenbos van Vilaflor</strong> omhoog naar Las Cañadas del Teide, op ruim 2000 meter hoogte. We stoppen bij de <strong>Roques de García</strong>, op de vlakte van Ucanca en bij het uitzichtpunt van Chío, en daarna hebt u vrije tijd om met de kabelbaan naar boven te gaan (ticket niet inbegrepen).</p><p>Meer informatie over het park vindt u op <a href="${NATIONAL_PARKS_URL}">de website van de Spaanse nationale parken</a>.</p>`,
    includes: [
      'Vervoer per touringcar met airconditioning',
      'Officiële gids (Spaans, Engels en Duits)',
      'Ophalen bij uw hotel',
      'Reisverzekering',
    ],
    excludes: ['Kabelbaan van de Teide', 'Eten en drinken', 'Vergunning voor de beklimming van de top'],
    what_to_bring: [
      'Warme kleding (boven is het tot 15 °C kouder dan aan de kust)',
      'Comfortabele schoenen',
      'Zonnebril',
      'Zonnebrandcrème',
      'Water',
    ],
    meeting_point: 'Kantoor van Teide Aventura, Avenida de Bruselas 12, Costa Adeje',
    pickup_notes:
      'Sta 5 minuten vóór de ophaaltijd op uw voucher klaar bij de hoofdingang van uw hotel. Onze bus heeft een bord van Teide Aventura achter de voorruit. Is de bus meer dan 15 minuten te laat, bel dan ons kantoor: +34 922 123 456.',
  },
};

const LOR_01: Translations = {
  en: {
    name: 'Loro Parque with return transfer',
    short_description: 'Loro Parque admission with a return coach transfer from the south of the island.',
    includes: ['Loro Parque admission', 'Return transfer'],
    excludes: ['Lunch', 'Photos with the animals'],
  },
  de: {
    name: 'Loro Parque mit Transfer',
    short_description: 'Eintritt in den Loro Parque mit Hin- und Rücktransfer aus dem Süden der Insel.',
    includes: ['Eintritt in den Loro Parque', 'Hin- und Rücktransfer'],
    excludes: ['Mittagessen', 'Fotos mit den Tieren'],
  },
  fr: {
    name: 'Loro Parque avec transfert',
    short_description: 'Entrée au Loro Parque avec transfert aller-retour depuis le sud de l’île.',
    includes: ['Entrée au Loro Parque', 'Transfert aller-retour'],
    excludes: ['Déjeuner', 'Photos avec les animaux'],
  },
};

const TEI_NOCHE: Translations = {
  en: {
    name: 'Teide by night: stars and dinner',
    short_description: 'Sunset over Las Cañadas, a Canarian dinner and stargazing through a telescope.',
    includes: ['Dinner', 'Telescope', 'Astronomer guide'],
    // It excludes nothing: no list to translate.
  },
  de: {
    name: 'Teide bei Nacht: Sterne und Abendessen',
    short_description: 'Sonnenuntergang in den Cañadas, kanarisches Abendessen und Sternbeobachtung mit dem Teleskop.',
    includes: ['Abendessen', 'Teleskop', 'Begleitung durch einen Astronomen'],
  },
};

const CAT_01: Translations = {
  en: {
    name: 'Whale and dolphin watching by catamaran',
    short_description:
      'Three hours on a catamaran to see pilot whales and bottlenose dolphins, with a swim in a quiet cove.',
    includes: ['3-hour cruise', 'Drinks and fruit', 'Snorkelling gear'],
    excludes: ['Pick-up in the north of the island'],
  },
  de: {
    name: 'Wal- und Delfinbeobachtung mit dem Katamaran',
    short_description:
      'Drei Stunden mit dem Katamaran zu Grindwalen und Großen Tümmlern, mit Badestopp in einer Bucht.',
    includes: ['3 Stunden auf See', 'Getränke und Obst', 'Schnorchelausrüstung'],
    excludes: ['Abholung im Norden der Insel'],
  },
};

const ORO_01: Translations = {
  en: {
    name: 'Puerto de la Cruz and La Orotava',
    short_description: 'The old town of La Orotava with its Canarian balconies, and free time in Puerto de la Cruz.',
    includes: ['Transport', 'Guide', 'Wine tasting in La Orotava'],
    excludes: ['Lunch', 'Museum admission'],
  },
  de: {
    name: 'Puerto de la Cruz und La Orotava',
    short_description:
      'Die Altstadt von La Orotava mit ihren kanarischen Holzbalkonen und Freizeit in Puerto de la Cruz.',
    includes: ['Busfahrt', 'Reiseleitung', 'Weinprobe in La Orotava'],
    excludes: ['Mittagessen', 'Museumseintritte'],
  },
};

/**
 * The demo products' translations by product code. MAS-01 ("Masca y Los Gigantes") is missing on
 * purpose: it is the demo of a product with only Spanish texts.
 */
export const DEMO_PRODUCT_TRANSLATIONS = {
  'TEI-01': TEI_01,
  'LOR-01': LOR_01,
  'TEI-NOCHE': TEI_NOCHE,
  'CAT-01': CAT_01,
  'ORO-01': ORO_01,
} satisfies Record<string, Translations>;

type OperatorTerms = Partial<Record<TPublicLocale, string>>;

/**
 * The operators' general booking terms (seed.ts's Spanish `bookingTerms`) in the five other
 * languages, keyed like seed.ts's operators.
 */
export const DEMO_OPERATOR_TERMS_TRANSLATIONS = {
  teide: {
    en: 'Free cancellation up to 24 hours before departure, from your booking page or by calling our office; after that, the price is not refundable. If the excursion is called off because of the weather or because the roads in the National Park are closed, we will offer you another date or a full refund. Children under 12 must be accompanied by an adult. Please show your voucher (on your phone or printed) to the guide when you board the coach.',
    de: 'Kostenlose Stornierung bis 24 Stunden vor Abfahrt, über Ihre Buchungsseite oder telefonisch in unserem Büro; danach ist keine Erstattung möglich. Fällt der Ausflug wegen des Wetters oder gesperrter Straßen im Nationalpark aus, bieten wir Ihnen einen anderen Termin oder die volle Erstattung an. Kinder unter 12 Jahren müssen von einem Erwachsenen begleitet werden. Beim Einsteigen in den Bus zeigen Sie bitte der Reiseleitung Ihren Voucher (auf dem Handy oder ausgedruckt).',
    fr: `Annulation gratuite jusqu’à 24 heures avant le départ, depuis la page de votre réservation ou en appelant notre agence${_}; passé ce délai, le montant n’est pas remboursé. Si l’excursion est annulée en raison de la météo ou de la fermeture des routes du parc national, nous vous proposons une autre date ou le remboursement intégral. Les enfants de moins de 12 ans doivent être accompagnés d’un adulte. Présentez votre bon (sur votre téléphone ou imprimé) au guide en montant dans l’autocar.`,
    it: 'Cancellazione gratuita fino a 24 ore prima della partenza, dalla pagina della sua prenotazione o telefonando al nostro ufficio; trascorso tale termine l’importo non è rimborsabile. Se l’escursione viene annullata per maltempo o per la chiusura delle strade del Parco Nazionale, le offriamo un’altra data o il rimborso completo. I minori di 12 anni devono essere accompagnati da un adulto. Mostri il voucher (sul cellulare o stampato) alla guida quando sale sul pullman.',
    nl: 'Gratis annuleren tot 24 uur vóór vertrek, via de pagina van uw boeking of door ons kantoor te bellen; daarna wordt het bedrag niet terugbetaald. Gaat de excursie niet door vanwege het weer of omdat de wegen in het Nationaal Park zijn afgesloten, dan bieden wij u een andere datum of volledige terugbetaling aan. Kinderen jonger dan 12 jaar moeten door een volwassene worden begeleid. Laat uw voucher (op uw telefoon of geprint) aan de gids zien wanneer u in de bus stapt.',
  },
  atlantico: {
    en: 'Free cancellation up to 24 hours before departure; after that, the price is not refundable. If sea conditions do not allow us to sail, we will offer you another date or a full refund. Whales and dolphins live in the wild: sightings are very likely but cannot be guaranteed. Please be at the pontoon 15 minutes before departure, or wait at your hotel at the pick-up time shown on your voucher.',
    de: 'Kostenlose Stornierung bis 24 Stunden vor Abfahrt; danach ist keine Erstattung möglich. Lässt der Seegang kein Auslaufen zu, bieten wir Ihnen einen anderen Termin oder die volle Erstattung an. Wale und Delfine leben in freier Wildbahn: Eine Sichtung ist sehr wahrscheinlich, kann aber nicht garantiert werden. Bitte seien Sie 15 Minuten vor Abfahrt am Anlegesteg oder warten Sie zu der auf Ihrem Voucher angegebenen Abholzeit an Ihrem Hotel.',
    fr: `Annulation gratuite jusqu’à 24 heures avant le départ${_}; passé ce délai, le montant n’est pas remboursé. Si l’état de la mer ne permet pas de sortir, nous vous proposons une autre date ou le remboursement intégral. Les cétacés vivent en liberté${_}: leur observation est très probable, mais ne peut être garantie. Présentez-vous au ponton 15 minutes avant le départ, ou attendez à votre hôtel à l’heure de prise en charge indiquée sur votre bon.`,
    it: 'Cancellazione gratuita fino a 24 ore prima della partenza; trascorso tale termine l’importo non è rimborsabile. Se le condizioni del mare non consentono di uscire, le offriamo un’altra data o il rimborso completo. I cetacei vivono in libertà: l’avvistamento è molto probabile, ma non può essere garantito. Si presenti al pontile 15 minuti prima della partenza oppure attenda in hotel all’orario di prelievo indicato sul voucher.',
    nl: 'Gratis annuleren tot 24 uur vóór vertrek; daarna wordt het bedrag niet terugbetaald. Laat de zee het niet toe om uit te varen, dan bieden wij u een andere datum of volledige terugbetaling aan. Walvissen en dolfijnen leven in het wild: de kans dat u ze ziet is heel groot, maar garanderen kunnen we het niet. Meld u 15 minuten vóór vertrek bij de steiger, of wacht bij uw hotel op de ophaaltijd die op uw voucher staat.',
  },
} satisfies Record<string, OperatorTerms>;
