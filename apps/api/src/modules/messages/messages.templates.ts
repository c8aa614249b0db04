/**
 * E-mail bodies (issue 14): MJML (a language made for e-mail, compiled to the table layout common
 * clients render) for the HTML part, and the same content as plain text. Every value is escaped
 * here; templates pass plain strings. Links are absolute (PUBLIC_URL, lib/public-origin.ts).
 */
import { darkenTo, localeDir } from '@trayecto/shared';
import escapeHtml from 'escape-html';
import mjml2html from 'mjml';
import { headerText } from './messages.rules';

export type EmailContent = { subject: string; html: string; text: string };

/** A file sent with the message (the booking's calendar entry). */
export type EmailAttachment = { filename: string; contentType: string; content: string };

export type EmailBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'heading'; text: string }
  | { type: 'button'; label: string; href: string }
  | { type: 'note'; text: string }
  /** Label and value rows (the booking's details). */
  | { type: 'details'; rows: readonly (readonly [string, string])[] };

export type EmailLayout = {
  /** The sender's brand in the header: the operator's name, or Trayecto. */
  brand: string;
  subject: string;
  /** The line clients show after the subject in the inbox. */
  preview: string;
  blocks: EmailBlock[];
  /** The brand's colour (hex); made dark enough for white text on its buttons (WCAG 4.5:1). */
  color?: string;
  /** The language's BCP 47 tag (`<html lang>`); Spanish (staff messages) when absent. */
  lang?: string;
  /** The frame's own words in the message's language; Spanish when absent. */
  chrome?: EmailChrome;
};

/** The words of the frame around the blocks (customer messages bring theirs, messages/i18n). */
export type EmailChrome = {
  /** Under every button: its address to copy by hand. */
  buttonFallback: string;
  /** The footer line; `{brand}` is the sender's brand. */
  footer: string;
  /** A details row in the plain-text part: `{label}` and `{value}`. */
  labelValue: string;
};

/** The staff messages' frame: Spanish, as the back-office (the specification). */
const SPANISH_CHROME: EmailChrome = {
  buttonFallback: 'Si el botón no funciona, copia esta dirección en tu navegador:',
  footer: 'Enviado por Trayecto en nombre de {brand}.',
  labelValue: '{label}: {value}',
};

const fillFrame = (template: string, vars: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);

/** Trayecto's own brand (the back-office's filled buttons). */
const DEFAULT_COLOR = '#0b7a8d';

/** The brand colour as buttons and the header use it: readable white on it, and on white. */
function brandColor(hex: string | undefined): string {
  if (!hex || !/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex)) return DEFAULT_COLOR;
  return darkenTo(hex, ['#ffffff'], 4.5);
}
const FONT = 'Helvetica, Arial, sans-serif';

function blockToMjml(b: EmailBlock, color: string, chrome: EmailChrome): string {
  switch (b.type) {
    case 'paragraph':
      return `<mj-text font-size="16px" line-height="24px">${escapeHtml(b.text)}</mj-text>`;
    case 'note':
      return `<mj-text font-size="13px" line-height="20px" color="#555555">${escapeHtml(b.text)}</mj-text>`;
    case 'heading':
      return `<mj-text font-size="18px" line-height="26px" font-weight="bold" color="#1a1b1e">${escapeHtml(b.text)}</mj-text>`;
    case 'details':
      return `<mj-table font-size="15px" line-height="22px" cellpadding="4px">${b.rows
        .map(
          ([label, value]) =>
            `<tr><td style="color:#555555;vertical-align:top;padding-right:12px;white-space:nowrap">${escapeHtml(label)}</td><td style="color:#1a1b1e;font-weight:bold">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</mj-table>`;
    case 'button':
      return [
        `<mj-button href="${escapeHtml(b.href)}" background-color="${color}" font-size="16px" border-radius="6px">${escapeHtml(b.label)}</mj-button>`,
        `<mj-text font-size="13px" line-height="20px" color="#555555">${escapeHtml(chrome.buttonFallback)}<br /><a href="${escapeHtml(b.href)}" style="color:${color};word-break:break-all">${escapeHtml(b.href)}</a></mj-text>`,
      ].join('\n');
  }
}

function blockToText(b: EmailBlock, chrome: EmailChrome): string {
  switch (b.type) {
    case 'button':
      return `${fillFrame(chrome.labelValue, { label: b.label, value: '' }).trimEnd()}\n${b.href}`;
    case 'details':
      return b.rows.map(([label, value]) => fillFrame(chrome.labelValue, { label, value })).join('\n');
    default:
      return b.text;
  }
}

/** Renders a message in the common layout: HTML (MJML, strict validation) and plain text. */
export async function renderEmail(input: EmailLayout): Promise<EmailContent> {
  // The subject is a header: one line, everywhere it appears.
  const layout = { ...input, subject: headerText(input.subject), preview: headerText(input.preview) };
  const color = brandColor(input.color);
  const chrome = input.chrome ?? SPANISH_CHROME;
  const lang = input.lang ?? 'es';
  const source = `<mjml lang="${escapeHtml(lang)}" dir="${localeDir(lang.split('-')[0])}">
  <mj-head>
    <mj-title>${escapeHtml(layout.subject)}</mj-title>
    <mj-preview>${escapeHtml(layout.preview)}</mj-preview>
    <mj-attributes><mj-all font-family="${FONT}" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f5f7">
    <mj-section padding="24px 0 8px">
      <mj-column><mj-text font-size="20px" font-weight="bold" color="${color}">${escapeHtml(layout.brand)}</mj-text></mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="16px 8px">
      <mj-column>
${layout.blocks.map((b) => blockToMjml(b, color, chrome)).join('\n')}
      </mj-column>
    </mj-section>
    <mj-section padding="8px 0 24px">
      <mj-column><mj-text font-size="12px" color="#888888" align="center">${escapeHtml(fillFrame(chrome.footer, { brand: layout.brand }))}</mj-text></mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const out = await mjml2html(source, { validationLevel: 'strict' });
  const text = [layout.brand, '', ...layout.blocks.map((b) => blockToText(b, chrome)).flatMap((t) => [t, ''])]
    .join('\n')
    .trimEnd();
  return { subject: layout.subject, html: out.html, text: `${text}\n` };
}

/** The staff password-reset e-mail (issue 14 item 2). */
export function passwordResetEmail(p: { name: string; email: string; link: string; validMinutes: number }) {
  return renderEmail({
    brand: 'Trayecto',
    subject: 'Restablece tu contraseña de Trayecto',
    preview: 'Elige una contraseña nueva con el enlace de este mensaje.',
    blocks: [
      { type: 'paragraph', text: `Hola, ${p.name}:` },
      {
        type: 'paragraph',
        text: `Hemos recibido una petición para restablecer la contraseña de tu cuenta de Trayecto (${p.email}).`,
      },
      { type: 'button', label: 'Elegir una contraseña nueva', href: p.link },
      {
        type: 'note',
        text: `El enlace caduca en ${p.validMinutes} minutos y solo sirve una vez. Al cambiar la contraseña se cerrarán tus sesiones abiertas.`,
      },
      { type: 'note', text: 'Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.' },
    ],
  });
}

/** A new user's invitation to choose their password (issue 14 item 2). */
export function userInvitationEmail(p: {
  name: string;
  email: string;
  link: string;
  validDays: number;
  invitedBy: string;
  operatorName: string | null;
  role: string;
}) {
  const brand = p.operatorName ?? 'Trayecto';
  return renderEmail({
    brand,
    subject: `${p.invitedBy} te invita a Trayecto`,
    preview: 'Elige tu contraseña para entrar en Trayecto.',
    blocks: [
      { type: 'paragraph', text: `Hola, ${p.name}:` },
      {
        type: 'paragraph',
        text: `${p.invitedBy} te ha dado de alta en Trayecto${p.operatorName ? `, el programa de reservas de ${p.operatorName},` : ''} como ${p.role}. Tu usuario es ${p.email}.`,
      },
      { type: 'button', label: 'Elegir mi contraseña', href: p.link },
      {
        type: 'note',
        text: `El enlace caduca en ${p.validDays} días y solo sirve una vez. Si ya te han dado una contraseña, también puedes entrar con ella.`,
      },
    ],
  });
}
