import type { TPublicOperator } from '@trayecto/shared';
import { fill } from '../components/fill';
import { Shell } from '../components/shell';
import { localeTag, t } from '../i18n';
import { embeddedOperator, getBooking, getProduct } from '../lib/api';
import { Static } from '../lib/hydration';
import { onLinkClick, publicHref } from '../lib/navigation';
import { currentSearch } from '../lib/render-context';
import { useResource } from '../lib/resource';
import { usePageTitle } from '../lib/title';
import { matchPublicRoute, statementTitle } from '../match-route';
import './accessibility.css';

const ROUTE = 'public-accessibility';
/** When this statement was prepared and last reviewed (update it with every review), ISO. */
export const STATEMENT_DATE = '2026-11-23';

/** STATEMENT_DATE as the page's language writes a date: "23 de noviembre de 2026", "23 November 2026". */
export const statementDate = () =>
  new Intl.DateTimeFormat(localeTag(), { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${STATEMENT_DATE}T00:00:00Z`),
  );

function Prepared() {
  return <>{t().statement.prepared(statementDate())}</>;
}

/** The public page the visitor came from (`?desde=/public/landing/…`), if it is one. */
function origin(): { href: string; key: string | null } | null {
  const from = new URLSearchParams(currentSearch()).get('desde');
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
 * The accessibility statement of the public booking pages, in the page's language, as the European
 * Accessibility Act (Directive (EU) 2019/882; in Spain Ley 11/2023) asks of consumer e-commerce:
 * scope, conformance status, known limitations, how it was assessed, the date, and a contact for
 * accessibility problems — the operator's, when the visitor came from one of its pages.
 */
export function AccessibilityPage() {
  const tx = t().statement;
  const title = statementTitle();
  usePageTitle(`${title} · Trayecto`);
  const from = origin();
  // The server embeds the operator with the statement it renders: no request then.
  const { data: operator } = useResource(
    from?.key ? `statement-operator:${from.key}` : null,
    () => operatorOf(from?.key ?? ''),
    { initial: from ? embeddedOperator() : null },
  );
  const back = from ? { href: publicHref(from.href), label: tx.back, short: tx.backShort } : undefined;

  return (
    <Shell routeName={ROUTE} operator={operator ?? null} back={back} className="a11y-page">
      <article className="pub-container a11y-statement">
        <h1>{title}</h1>
        <p className="pub-lead">{tx.intro(operator?.name ?? tx.theOperator)}</p>

        <h2>{tx.statusTitle}</h2>
        <p>{fill(tx.status, { partially: <strong>{tx.partially}</strong> })}</p>

        <h2>{tx.limitationsTitle}</h2>
        <ul>
          {tx.limitations.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>

        <h2>{tx.assessmentTitle}</h2>
        <p>{tx.assessment}</p>

        <h2>{tx.contactTitle}</h2>
        {operator?.email || operator?.phone ? (
          <p>
            {fill(
              operator.email && operator.phone
                ? tx.contactEmailPhone(operator.name)
                : operator.email
                  ? tx.contactEmail(operator.name)
                  : tx.contactPhone(operator.name),
              {
                email: (
                  <a href={`mailto:${operator.email}?subject=${encodeURIComponent(tx.mailSubject)}`}>
                    {operator.email}
                  </a>
                ),
                phone: <a href={`tel:${operator.phone.replace(/[^\d+]/g, '')}`}>{operator.phone}</a>,
              },
            )}{' '}
            {tx.contactWhat}
          </p>
        ) : (
          <p>{tx.contactAnyOperator}</p>
        )}
        <p>{tx.complaint}</p>

        <h2>{tx.dateTitle}</h2>
        {/* Kept as the server wrote it: its date is the page's only format, and a statement read
            from the server's HTML then never loads the runtime's locale data (issue 35, goal 6). */}
        <Static as="p">
          <Prepared />
        </Static>
        {back ? (
          <p>
            <a href={back.href} onClick={onLinkClick}>
              {tx.back}
            </a>
          </p>
        ) : null}
      </article>
    </Shell>
  );
}
