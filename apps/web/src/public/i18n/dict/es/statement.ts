/**
 * Spanish texts of the public pages: statement (the source every other language translates).
 * The accessibility statement (pages/accessibility-page.tsx), a legal-ish text: every translation
 * keeps its facts, standards, dates and complaint route; Spanish and EU law names stay proper names.
 * A `{name}` in a string is where the page puts an element (bold text, a link), see components/fill.tsx.
 */
export const statement = {
  back: 'Volver a la página anterior',
  backShort: 'Volver',
  /** Who speaks when the visitor did not come from an operator's page. */
  theOperator: 'El tour operador',
  intro: (operator: string) =>
    `${operator} quiere que todas las personas puedan consultar sus excursiones, reservar y descargar su bono sin barreras. Esta declaración se aplica a las páginas públicas de reserva gestionadas con Trayecto: la ficha de cada excursión, el formulario de reserva, la consulta y modificación de una reserva y el bono.`,

  statusTitle: 'Situación de cumplimiento',
  partially: 'parcialmente conformes',
  /** {partially} is `partially`, in bold. */
  status:
    'Estas páginas son {partially} con las Pautas de Accesibilidad para el Contenido Web (WCAG) 2.2, nivel AA, y con la norma europea EN 301 549, que es la referencia de la Ley 11/2023 (que traslada al derecho español la Directiva (UE) 2019/882, el Acta Europea de Accesibilidad). «Parcialmente» por las limitaciones conocidas que se indican a continuación.',

  limitationsTitle: 'Limitaciones conocidas',
  limitations: [
    'Los mapas del punto de encuentro y de las recogidas no se pueden explorar con teclado ni con lector de pantalla. La dirección y las indicaciones están también escritas junto al mapa, y el alojamiento de recogida se elige en una lista.',
    'Las fotos de las excursiones las publica cada tour operador; puede que alguna no tenga una descripción detallada.',
    'El código QR del bono solo sirve para el control de acceso en la excursión; el localizador y todos los datos de la reserva figuran también como texto en el bono.',
    'No hemos comprobado todavía estas páginas con todos los lectores de pantalla y navegadores; si algo no te funciona, dínoslo (abajo) y te ayudaremos por otro medio.',
  ],

  assessmentTitle: 'Cómo lo hemos evaluado',
  assessment:
    'Autoevaluación: cada versión se comprueba con pruebas automáticas (axe-core, reglas WCAG 2.0, 2.1 y 2.2 de nivel A y AA) en ordenador y en móvil, y con recorridos hechos solo con el teclado (reservar de principio a fin hasta el bono).',

  contactTitle: 'Contacto para problemas de accesibilidad',
  /** Subject of the e-mail the contact link opens. */
  mailSubject: 'Accesibilidad',
  /** The operator's contact: {email} and {phone} are links. */
  contactEmailPhone: (operator: string) =>
    `Si encuentras una barrera o necesitas la información en otro formato, escribe a ${operator} en {email} o llama al {phone}.`,
  contactEmail: (operator: string) =>
    `Si encuentras una barrera o necesitas la información en otro formato, escribe a ${operator} en {email}.`,
  contactPhone: (operator: string) =>
    `Si encuentras una barrera o necesitas la información en otro formato, escribe a ${operator} al teléfono {phone}.`,
  contactWhat:
    'Indica la página y lo que ha fallado: te responderemos y, si hace falta, haremos la reserva contigo por teléfono o por correo.',
  contactAnyOperator:
    'Si encuentras una barrera o necesitas la información en otro formato, escribe al tour operador con el que reservas: su correo y su teléfono están al pie de la ficha de la excursión, de la página de tu reserva y en tu bono. Indica la página y lo que ha fallado: te responderá y, si hace falta, hará la reserva contigo por teléfono o por correo.',
  complaint:
    'Si la respuesta no te satisface, puedes presentar una reclamación ante los servicios de consumo de tu comunidad autónoma.',

  dateTitle: 'Fecha',
  prepared: (date: string) =>
    `Esta declaración se preparó el ${date} y se revisa con cada cambio importante de estas páginas.`,
};
