import type { TPublicDict } from '../es';

/**
 * The accessibility statement in Dutch (formal "u"), translated faithfully from ../es/statement.ts:
 * same facts, standards, date and complaint route; Spanish law names stay as proper names.
 */
export const statement: TPublicDict['statement'] = {
  back: 'Terug naar de vorige pagina',
  backShort: 'Terug',
  theOperator: 'De touroperator',
  intro: (operator) =>
    `${operator} wil dat iedereen zonder drempels de excursies kan bekijken, kan boeken en de voucher kan downloaden. Deze verklaring geldt voor de openbare boekingspagina’s die met Trayecto worden beheerd: de pagina van elke excursie, het boekingsformulier, het bekijken en wijzigen van een boeking en de voucher.`,

  statusTitle: 'Nalevingsstatus',
  partially: 'gedeeltelijk',
  status:
    'Deze pagina’s voldoen {partially} aan de Richtlijnen voor toegankelijkheid van webcontent (WCAG) 2.2, niveau AA, en aan de Europese norm EN 301 549, waarnaar de Spaanse wet Ley 11/2023 verwijst (die Richtlijn (EU) 2019/882, de Europese toegankelijkheidswet of European Accessibility Act, in Spaans recht omzet). ‘Gedeeltelijk’ vanwege de bekende beperkingen hieronder.',

  limitationsTitle: 'Bekende beperkingen',
  limitations: [
    'De kaarten van het ontmoetingspunt en van de ophaalplekken kunnen niet met het toetsenbord of een schermlezer worden verkend. Het adres en de aanwijzingen staan ook als tekst naast de kaart, en de accommodatie waar u wordt opgehaald kiest u uit een lijst.',
    'De foto’s van de excursies worden door elke touroperator zelf gepubliceerd; sommige hebben mogelijk geen uitgebreide beschrijving.',
    'De QR-code op de voucher dient alleen voor de toegangscontrole bij de excursie; het boekingsnummer en alle gegevens van de boeking staan ook als tekst op de voucher.',
    'We hebben deze pagina’s nog niet met alle schermlezers en browsers getest; als iets voor u niet werkt, laat het ons dan weten (zie hieronder) en we helpen u op een andere manier.',
  ],

  assessmentTitle: 'Hoe we dit hebben beoordeeld',
  assessment:
    'Zelfbeoordeling: elke versie wordt gecontroleerd met geautomatiseerde tests (axe-core, regels van WCAG 2.0, 2.1 en 2.2 op niveau A en AA) op de computer en op mobiel, en door de pagina’s alleen met het toetsenbord te doorlopen (een boeking van begin tot eind, tot en met de voucher).',

  contactTitle: 'Contact bij toegankelijkheidsproblemen',
  mailSubject: 'Toegankelijkheid',
  contactEmailPhone: (operator) =>
    `Stuit u op een drempel of hebt u de informatie in een ander formaat nodig? Schrijf dan naar ${operator} via {email} of bel {phone}.`,
  contactEmail: (operator) =>
    `Stuit u op een drempel of hebt u de informatie in een ander formaat nodig? Schrijf dan naar ${operator} via {email}.`,
  contactPhone: (operator) =>
    `Stuit u op een drempel of hebt u de informatie in een ander formaat nodig? Neem dan contact op met ${operator} via {phone}.`,
  contactWhat:
    'Vermeld de pagina en wat er misging: we antwoorden u en maken zo nodig de boeking samen met u per telefoon of e-mail.',
  contactAnyOperator:
    'Stuit u op een drempel of hebt u de informatie in een ander formaat nodig? Schrijf dan naar de touroperator waarbij u boekt: het e-mailadres en telefoonnummer staan onderaan de pagina van de excursie en de pagina van uw boeking, en op uw voucher. Vermeld de pagina en wat er misging: de touroperator antwoordt u en maakt zo nodig de boeking samen met u per telefoon of e-mail.',
  complaint:
    'Bent u niet tevreden met het antwoord, dan kunt u een klacht indienen bij de consumentendiensten van uw autonome gemeenschap (comunidad autónoma).',

  dateTitle: 'Datum',
  prepared: (date) =>
    `Deze verklaring is opgesteld op ${date} en wordt bij elke belangrijke wijziging van deze pagina’s herzien.`,
};
