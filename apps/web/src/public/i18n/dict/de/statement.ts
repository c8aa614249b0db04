import type { TPublicDict } from '../es';

/**
 * The accessibility statement in German (formal „Sie“), translated faithfully from
 * ../es/statement.ts: same facts, standards, date and complaint route; Spanish law names stay as
 * proper names.
 */
export const statement: TPublicDict['statement'] = {
  back: 'Zurück zur vorherigen Seite',
  backShort: 'Zurück',
  theOperator: 'Der Reiseveranstalter',
  intro: (operator) =>
    `${operator} möchte, dass alle Menschen die angebotenen Ausflüge ohne Barrieren ansehen, buchen und ihren Voucher herunterladen können. Diese Erklärung gilt für die öffentlichen Buchungsseiten, die mit Trayecto betrieben werden: die Seite jedes Ausflugs, das Buchungsformular, das Ansehen und Ändern einer Buchung sowie den Voucher.`,

  statusTitle: 'Stand der Vereinbarkeit mit den Anforderungen',
  partially: 'teilweise konform',
  status:
    'Diese Seiten sind {partially} mit den Richtlinien für barrierefreie Webinhalte (WCAG) 2.2, Konformitätsstufe AA, und mit der europäischen Norm EN 301 549, auf die sich das spanische Gesetz Ley 11/2023 stützt (es setzt die Richtlinie (EU) 2019/882, den European Accessibility Act, in spanisches Recht um). „Teilweise“ wegen der unten aufgeführten bekannten Einschränkungen.',

  limitationsTitle: 'Bekannte Einschränkungen',
  limitations: [
    'Die Karten des Treffpunkts und der Abholorte lassen sich nicht mit der Tastatur oder einem Screenreader erkunden. Adresse und Wegbeschreibung stehen zusätzlich als Text neben der Karte, und die Unterkunft für die Abholung wird aus einer Liste ausgewählt.',
    'Die Fotos der Ausflüge veröffentlicht der jeweilige Reiseveranstalter; manche haben möglicherweise keine ausführliche Beschreibung.',
    'Der QR-Code auf dem Voucher dient nur der Einlasskontrolle beim Ausflug; die Buchungsnummer und alle Daten der Buchung stehen auch als Text auf dem Voucher.',
    'Wir haben diese Seiten noch nicht mit allen Screenreadern und Browsern getestet; wenn etwas bei Ihnen nicht funktioniert, sagen Sie es uns (siehe unten), und wir helfen Ihnen auf anderem Weg.',
  ],

  assessmentTitle: 'Wie wir die Barrierefreiheit geprüft haben',
  assessment:
    'Selbstbewertung: Jede Version wird mit automatisierten Tests (axe-core, Regeln der WCAG 2.0, 2.1 und 2.2 der Stufen A und AA) am Computer und auf dem Smartphone geprüft sowie mit Durchläufen allein mit der Tastatur (eine Buchung von Anfang bis Ende, bis zum Voucher).',

  contactTitle: 'Kontakt bei Problemen mit der Barrierefreiheit',
  mailSubject: 'Barrierefreiheit',
  contactEmailPhone: (operator) =>
    `Wenn Sie auf eine Barriere stoßen oder die Informationen in einem anderen Format benötigen, schreiben Sie ${operator} an {email} oder rufen Sie {phone} an.`,
  contactEmail: (operator) =>
    `Wenn Sie auf eine Barriere stoßen oder die Informationen in einem anderen Format benötigen, schreiben Sie ${operator} an {email}.`,
  contactPhone: (operator) =>
    `Wenn Sie auf eine Barriere stoßen oder die Informationen in einem anderen Format benötigen, erreichen Sie ${operator} unter {phone}.`,
  contactWhat:
    'Nennen Sie uns die Seite und was nicht funktioniert hat: Wir antworten Ihnen und nehmen Ihre Buchung bei Bedarf auch telefonisch oder per E-Mail mit Ihnen vor.',
  contactAnyOperator:
    'Wenn Sie auf eine Barriere stoßen oder die Informationen in einem anderen Format benötigen, schreiben Sie dem Reiseveranstalter, bei dem Sie buchen: Seine E-Mail-Adresse und Telefonnummer finden Sie unten auf der Seite des Ausflugs und der Seite Ihrer Buchung sowie auf Ihrem Voucher. Nennen Sie die Seite und was nicht funktioniert hat: Der Veranstalter antwortet Ihnen und nimmt Ihre Buchung bei Bedarf auch telefonisch oder per E-Mail mit Ihnen vor.',
  complaint:
    'Wenn Sie mit der Antwort nicht zufrieden sind, können Sie bei den Verbraucherschutzbehörden Ihrer Autonomen Gemeinschaft (comunidad autónoma) Beschwerde einlegen.',

  dateTitle: 'Datum',
  prepared: (date) =>
    `Diese Erklärung wurde am ${date} erstellt und wird bei jeder wesentlichen Änderung dieser Seiten überprüft.`,
};
