import type { TPublicDict } from '../es';

/**
 * The accessibility statement in French (« vous »), translated faithfully from ../es/statement.ts:
 * same facts, standards, date and complaint route; Spanish law names stay as proper names.
 */
export const statement: TPublicDict['statement'] = {
  back: 'Retour à la page précédente',
  backShort: 'Retour',
  theOperator: 'Le tour-opérateur',
  intro: (operator) =>
    `${operator} souhaite que chacun puisse consulter ses excursions, réserver et télécharger son bon de réservation sans obstacle. Cette déclaration s’applique aux pages publiques de réservation gérées avec Trayecto\u00a0: la page de chaque excursion, le formulaire de réservation, la consultation et la modification d’une réservation, et le bon de réservation.`,

  statusTitle: 'État de conformité',
  partially: 'partiellement conformes',
  status:
    'Ces pages sont {partially} aux Règles pour l’accessibilité des contenus Web (WCAG) 2.2, niveau AA, et à la norme européenne EN 301 549, qui est la référence de la loi espagnole Ley 11/2023 (laquelle transpose en droit espagnol la directive (UE) 2019/882, l’acte européen sur l’accessibilité). «\u00a0Partiellement\u00a0» en raison des limites connues indiquées ci-dessous.',

  limitationsTitle: 'Limites connues',
  limitations: [
    'Les cartes du point de rendez-vous et des lieux de prise en charge ne peuvent pas être explorées au clavier ni avec un lecteur d’écran. L’adresse et les indications figurent aussi par écrit à côté de la carte, et l’hébergement de prise en charge se choisit dans une liste.',
    'Les photos des excursions sont publiées par chaque tour-opérateur\u00a0; certaines peuvent ne pas avoir de description détaillée.',
    'Le QR code du bon sert uniquement au contrôle d’accès lors de l’excursion\u00a0; le numéro de réservation et toutes les informations de la réservation figurent aussi en texte sur le bon.',
    'Nous n’avons pas encore testé ces pages avec tous les lecteurs d’écran et tous les navigateurs\u00a0; si quelque chose ne fonctionne pas pour vous, dites-le-nous (ci-dessous) et nous vous aiderons par un autre moyen.',
  ],

  assessmentTitle: 'Méthode d’évaluation',
  assessment:
    'Autoévaluation\u00a0: chaque version est vérifiée par des tests automatisés (axe-core, règles WCAG 2.0, 2.1 et 2.2 de niveaux A et AA) sur ordinateur et sur mobile, et par des parcours effectués uniquement au clavier (une réservation du début à la fin, jusqu’au bon).',

  contactTitle: 'Contact en cas de problème d’accessibilité',
  mailSubject: 'Accessibilité',
  contactEmailPhone: (operator) =>
    `Si vous rencontrez un obstacle ou avez besoin des informations dans un autre format, écrivez à ${operator} à l’adresse {email} ou appelez le {phone}.`,
  contactEmail: (operator) =>
    `Si vous rencontrez un obstacle ou avez besoin des informations dans un autre format, écrivez à ${operator} à l’adresse {email}.`,
  contactPhone: (operator) =>
    `Si vous rencontrez un obstacle ou avez besoin des informations dans un autre format, contactez ${operator} au {phone}.`,
  contactWhat:
    'Indiquez la page et ce qui n’a pas fonctionné\u00a0: nous vous répondrons et, si nécessaire, nous ferons la réservation avec vous par téléphone ou par e-mail.',
  contactAnyOperator:
    'Si vous rencontrez un obstacle ou avez besoin des informations dans un autre format, écrivez au tour-opérateur auprès duquel vous réservez\u00a0: son adresse e-mail et son numéro de téléphone figurent en bas de la page de l’excursion et de la page de votre réservation, ainsi que sur votre bon. Indiquez la page et ce qui n’a pas fonctionné\u00a0: il vous répondra et, si nécessaire, fera la réservation avec vous par téléphone ou par e-mail.',
  complaint:
    'Si la réponse ne vous satisfait pas, vous pouvez déposer une réclamation auprès des services de la consommation de votre communauté autonome (comunidad autónoma).',

  dateTitle: 'Date',
  prepared: (date) =>
    `Cette déclaration a été établie le ${date} et est révisée à chaque modification importante de ces pages.`,
};
