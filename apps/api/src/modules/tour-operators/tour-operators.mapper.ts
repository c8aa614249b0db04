import { TAX_TERRITORIES, type TTaxTerritory, type TTourOperatorResponse } from '@trayecto/shared';
import type { tourOperators } from '../../db/schema';
import { isoOf } from '../../lib/instants';

export type TourOperatorRow = typeof tourOperators.$inferSelect;

/** Texts per language as answered: only the languages with a text. */
function localeTextsOut(stored: Partial<Record<string, string>> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [locale, text] of Object.entries(stored ?? {})) if (text) out[locale] = text;
  return out;
}

export function toTourOperatorResponse(row: TourOperatorRow & { usersCount?: number }): TTourOperatorResponse {
  return {
    id: row.id,
    name: row.name,
    legal_name: row.legalName,
    tax_id: row.taxId,
    email: row.email,
    phone: row.phone,
    address: row.address,
    website: row.website,
    logo_url: row.logoUrl,
    brand_color: row.brandColor,
    timezone: row.timezone,
    currency: row.currency,
    default_commission_pct: Number(row.defaultCommissionPct),
    tax_territory: (TAX_TERRITORIES as readonly string[]).includes(row.taxTerritory)
      ? (row.taxTerritory as TTaxTerritory)
      : 'peninsula',
    booking_terms: row.bookingTerms,
    default_language: row.defaultLanguage,
    public_languages: row.publicLanguages,
    booking_terms_translations: localeTextsOut(row.bookingTermsTranslations),
    state: row.state,
    users_count: row.usersCount === undefined ? undefined : Number(row.usersCount),
    created_at: isoOf(row.createdAt),
    updated_at: isoOf(row.updatedAt),
  };
}
