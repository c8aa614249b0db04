import type { TPublicDict } from '../es';

/**
 * The accessibility statement in English (British), translated faithfully from ../es/statement.ts:
 * same facts, standards, date and complaint route; Spanish law names stay as proper names.
 */
export const statement: TPublicDict['statement'] = {
  back: 'Back to the previous page',
  backShort: 'Back',
  theOperator: 'The tour operator',
  intro: (operator) =>
    `${operator} wants everyone to be able to browse its excursions, book and download their voucher without barriers. This statement applies to the public booking pages run with Trayecto: each excursion’s page, the booking form, viewing and changing a booking, and the voucher.`,

  statusTitle: 'Compliance status',
  partially: 'partially compliant',
  status:
    'These pages are {partially} with the Web Content Accessibility Guidelines (WCAG) 2.2, level AA, and with the European standard EN 301 549, which is the reference standard of Spain’s Ley 11/2023 (which transposes Directive (EU) 2019/882, the European Accessibility Act, into Spanish law). “Partially” because of the known limitations listed below.',

  limitationsTitle: 'Known limitations',
  limitations: [
    'The maps of the meeting point and of the pick-up places cannot be explored with a keyboard or a screen reader. The address and directions are also written out next to the map, and the pick-up accommodation is chosen from a list.',
    'The excursion photos are published by each tour operator; some may not have a detailed description.',
    'The QR code on the voucher is only used for check-in on the excursion; the booking reference and all the booking details also appear as text on the voucher.',
    'We have not yet tested these pages with every screen reader and browser; if something does not work for you, let us know (see below) and we will help you another way.',
  ],

  assessmentTitle: 'How we assessed it',
  assessment:
    'Self-assessment: every release is checked with automated tests (axe-core, WCAG 2.0, 2.1 and 2.2 rules at levels A and AA) on desktop and on mobile, and with keyboard-only walkthroughs (booking from start to finish, through to the voucher).',

  contactTitle: 'Contact for accessibility problems',
  mailSubject: 'Accessibility',
  contactEmailPhone: (operator) =>
    `If you come across a barrier or need the information in another format, write to ${operator} at {email} or call {phone}.`,
  contactEmail: (operator) =>
    `If you come across a barrier or need the information in another format, write to ${operator} at {email}.`,
  contactPhone: (operator) =>
    `If you come across a barrier or need the information in another format, contact ${operator} on {phone}.`,
  contactWhat:
    'Tell us the page and what went wrong: we will reply and, if need be, make the booking with you by phone or e-mail.',
  contactAnyOperator:
    'If you come across a barrier or need the information in another format, write to the tour operator you are booking with: their e-mail address and phone number are at the foot of the excursion page and of your booking page, and on your voucher. Tell them the page and what went wrong: they will reply and, if need be, make the booking with you by phone or e-mail.',
  complaint:
    'If you are not satisfied with the reply, you can file a complaint with the consumer affairs services of your autonomous community (comunidad autónoma).',

  dateTitle: 'Date',
  prepared: (date) =>
    `This statement was prepared on ${date} and is reviewed whenever these pages change significantly.`,
};
