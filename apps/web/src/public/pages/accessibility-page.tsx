import type { TPublicOperator } from '@trayecto/shared';
import { Shell } from '../components/shell';
import { getBooking, getProduct } from '../lib/api';
import { onLinkClick } from '../lib/navigation';
import { useResource } from '../lib/resource';
import { usePageTitle } from '../lib/title';
import { matchPublicRoute, STATEMENT_TITLE } from '../match-route';
import './accessibility.css';

const ROUTE = 'public-accessibility';
/** When this statement was prepared and last reviewed (update it with every review). */
export const STATEMENT_DATE = '23 de noviembre de 2026';

/** The public page the visitor came from (`?desde=/public/landing/…`), if it is one. */
function origin(): { href: string; key: string | null } | null {
  const from = new URLSearchParams(window.location.search).get('desde');
  if (!from?.startsWith('/public/')) return null;
  const match = matchPublicRoute(from);
  if (!match) return null;
  const id = match.params.productId ?? match.params.bookingId;
  const key = match.params.productId ? `product:${id}` : `booking:${id}`;
  return { href: from, key };
}

async function operatorOf(key: string): Promise<TPublicOperator> {
  const [kind, id] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  return kind === 'product' ? (await getProduct(id)).tour_operator : (await getBooking(id)).tour_operator;
}

/**
 * The accessibility statement of the public booking pages, in Spanish, as the European
 * Accessibility Act (Directive (EU) 2019/882; in Spain Ley 11/2023) asks of consumer e-commerce:
 * scope, conformance status, known limitations, how it was assessed, the date, and a contact for
 * accessibility problems — the operator's, when the visitor came from one of its pages.
 */
export function AccessibilityPage() {
  usePageTitle(`${STATEMENT_TITLE} · Trayecto`);
  const from = origin();
  const { data: operator } = useResource(from?.key ? `statement-operator:${from.key}` : null, () =>
    operatorOf(from?.key ?? ''),
  );
  const back = from ? { href: from.href, label: 'Volver a la página anterior', short: 'Volver' } : undefined;

  return (
    <Shell routeName={ROUTE} operator={operator ?? null} back={back} className="a11y-page">
      <article className="pub-container a11y-statement">
        <h1>{STATEMENT_TITLE}</h1>
        <p className="pub-lead">
          {operator?.name ?? 'El tour operador'} quiere que todas las personas puedan consultar sus excursiones,
          reservar y descargar su bono sin barreras. Esta declaración se aplica a las páginas públicas de reserva
          gestionadas con Trayecto: la ficha de cada excursión, el formulario de reserva, la consulta y modificación de
          una reserva y el bono.
        </p>

        <h2>Situación de cumplimiento</h2>
        <p>
          Estas páginas son <strong>parcialmente conformes</strong> con las Pautas de Accesibilidad para el Contenido
          Web (WCAG) 2.2, nivel AA, y con la norma europea EN 301 549, que es la referencia de la Ley 11/2023 (que
          traslada al derecho español la Directiva (UE) 2019/882, el Acta Europea de Accesibilidad). «Parcialmente» por
          las limitaciones conocidas que se indican a continuación.
        </p>

        <h2>Limitaciones conocidas</h2>
        <ul>
          <li>
            Los mapas del punto de encuentro y de las recogidas no se pueden explorar con teclado ni con lector de
            pantalla. La dirección y las indicaciones están también escritas junto al mapa, y el alojamiento de recogida
            se elige en una lista.
          </li>
          <li>
            Las fotos de las excursiones las publica cada tour operador; puede que alguna no tenga una descripción
            detallada.
          </li>
          <li>
            El código QR del bono solo sirve para el control de acceso en la excursión; el localizador y todos los datos
            de la reserva figuran también como texto en el bono.
          </li>
          <li>
            No hemos comprobado todavía estas páginas con todos los lectores de pantalla y navegadores; si algo no te
            funciona, dínoslo (abajo) y te ayudaremos por otro medio.
          </li>
        </ul>

        <h2>Cómo lo hemos evaluado</h2>
        <p>
          Autoevaluación: cada versión se comprueba con pruebas automáticas (axe-core, reglas WCAG 2.0, 2.1 y 2.2 de
          nivel A y AA) en ordenador y en móvil, y con recorridos hechos solo con el teclado (reservar de principio a
          fin hasta el bono).
        </p>

        <h2>Contacto para problemas de accesibilidad</h2>
        {operator?.email || operator?.phone ? (
          <p>
            Si encuentras una barrera o necesitas la información en otro formato, escribe a {operator.name}
            {operator.email ? (
              <>
                {' '}
                en <a href={`mailto:${operator.email}?subject=Accesibilidad`}>{operator.email}</a>
              </>
            ) : null}
            {operator.phone ? (
              <>
                {operator.email ? ' o llama al ' : ' al teléfono '}
                <a href={`tel:${operator.phone.replace(/[^\d+]/g, '')}`}>{operator.phone}</a>
              </>
            ) : null}
            . Indica la página y lo que ha fallado: te responderemos y, si hace falta, haremos la reserva contigo por
            teléfono o por correo.
          </p>
        ) : (
          <p>
            Si encuentras una barrera o necesitas la información en otro formato, escribe al tour operador con el que
            reservas: su correo y su teléfono están al pie de la ficha de la excursión, de la página de tu reserva y en
            tu bono. Indica la página y lo que ha fallado: te responderá y, si hace falta, hará la reserva contigo por
            teléfono o por correo.
          </p>
        )}
        <p>
          Si la respuesta no te satisface, puedes presentar una reclamación ante los servicios de consumo de tu
          comunidad autónoma.
        </p>

        <h2>Fecha</h2>
        <p>Esta declaración se preparó el {STATEMENT_DATE} y se revisa con cada cambio importante de estas páginas.</p>
        {back ? (
          <p>
            <a href={back.href} onClick={onLinkClick}>
              Volver a la página anterior
            </a>
          </p>
        ) : null}
      </article>
    </Shell>
  );
}
