import {
  DEFAULT_LANGUAGE_NOT_OFFERED,
  DEFAULT_LOCALE,
  PUBLIC_LOCALES,
  type TTourOperatorCreateRequest,
  type TTourOperatorUpdateRequest,
} from '@trayecto/shared';
import type { Db } from '../../db/client';
import type { tourOperators } from '../../db/schema';
import { forbidden, notFound, validation } from '../../lib/app-error';
import type { ListParams } from '../../lib/filters';
import { type Actor, isAdmin } from '../../lib/tenant';
import { type TourOperatorRow, toTourOperatorResponse } from './tour-operators.mapper';
import * as repo from './tour-operators.repository';

// What other modules read of an operator (does it exist, may the actor see it): the owner's queries.
export { findTourOperatorRow, findVisibleTourOperator } from './tour-operators.repository';

const WHAT = 'El tour operador';

type Stored = Pick<TourOperatorRow, 'defaultLanguage' | 'publicLanguages' | 'bookingTermsTranslations'>;

/** What a new operator has until it says otherwise: the columns' defaults (migration 0010). */
const NEW_OPERATOR: Stored = {
  defaultLanguage: DEFAULT_LOCALE,
  publicLanguages: [...PUBLIC_LOCALES],
  bookingTermsTranslations: {},
};

/**
 * The languages after a request, counting what is stored for what it does not send: the default
 * language must be among the offered ones (422 on `public_languages`). Booking terms per language:
 * each language sent replaces its text, '' removes it, the others stay.
 */
function languageValues(body: TTourOperatorUpdateRequest, stored: Stored): Partial<Stored> {
  const defaultLanguage = body.default_language ?? stored.defaultLanguage;
  const publicLanguages = body.public_languages ?? stored.publicLanguages;
  if (!publicLanguages.includes(defaultLanguage)) {
    throw validation({ public_languages: [DEFAULT_LANGUAGE_NOT_OFFERED] });
  }
  let bookingTermsTranslations: Stored['bookingTermsTranslations'] | undefined;
  if (body.booking_terms_translations) {
    bookingTermsTranslations = { ...(stored.bookingTermsTranslations ?? {}) };
    for (const [locale, text] of Object.entries(body.booking_terms_translations)) {
      if (text?.trim()) bookingTermsTranslations[locale] = text.trim();
      else delete bookingTermsTranslations[locale];
    }
  }
  return {
    defaultLanguage: body.default_language,
    publicLanguages: body.public_languages,
    bookingTermsTranslations,
  };
}

function toValues(body: TTourOperatorUpdateRequest): Partial<typeof tourOperators.$inferInsert> {
  return {
    name: body.name,
    legalName: body.legal_name,
    taxId: body.tax_id,
    email: body.email,
    phone: body.phone,
    address: body.address,
    website: body.website,
    logoUrl: body.logo_url,
    brandColor: body.brand_color,
    timezone: body.timezone || undefined,
    currency: body.currency || undefined,
    defaultCommissionPct: body.default_commission_pct,
    taxTerritory: body.tax_territory,
    bookingTerms: body.booking_terms,
    state: body.state,
  };
}

export async function listTourOperators(db: Db, actor: Actor, params: ListParams) {
  const { rows, total } = await repo.listTourOperators(db, actor, params);
  return { items: rows.map(toTourOperatorResponse), total };
}

export async function getTourOperator(db: Db, actor: Actor, id: string) {
  const row = await repo.findVisibleTourOperator(db, actor, id);
  if (!row) throw notFound(WHAT);
  return toTourOperatorResponse(row);
}

/** Only the administrator creates tour operators (route-guarded). */
export async function createTourOperator(db: Db, actor: Actor, body: TTourOperatorCreateRequest) {
  return db.transaction(async (tx) => {
    const row = await repo.insertTourOperator(tx, {
      ...toValues(body),
      ...languageValues(body, NEW_OPERATOR),
      // The Canaries pay IGIC: an operator there starts in its territory unless it says otherwise.
      taxTerritory: body.tax_territory ?? (body.timezone === 'Atlantic/Canary' ? 'canarias' : 'peninsula'),
      name: body.name,
    } as typeof tourOperators.$inferInsert);
    const created = await repo.findVisibleTourOperator(tx, actor, row.id);
    return toTourOperatorResponse(created ?? row);
  });
}

/**
 * Edits an operator: the administrator any, a level-1 admin its own. Only the administrator
 * activates or deactivates one (an inactive operator's users cannot sign in). The default language
 * must stay among the offered ones, counting the stored values for what is not sent.
 */
export async function updateTourOperator(db: Db, actor: Actor, id: string, body: TTourOperatorUpdateRequest) {
  return db.transaction(async (tx) => {
    const current = await repo.findVisibleTourOperator(tx, actor, id);
    if (!current) throw notFound(WHAT);
    if (!isAdmin(actor) && body.state !== undefined && body.state !== current.state) {
      throw forbidden('Solo el administrador puede activar o desactivar un tour operador');
    }
    await repo.updateTourOperatorRow(tx, id, { ...toValues(body), ...languageValues(body, current) });
    const updated = await repo.findVisibleTourOperator(tx, actor, id);
    if (!updated) throw notFound(WHAT);
    return toTourOperatorResponse(updated);
  });
}
