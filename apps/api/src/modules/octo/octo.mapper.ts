/**
 * Our rows → the OCTO objects (ADR 023 "Mapping"). Pure: the service loads the rows, the texts
 * in the negotiated language (the public catalogue's) and the pickup places, and passes them in.
 *
 * - Product: `id` our uuid, `internalName` its name, `reference` its code, `timeZone` the operator's,
 *   START_TIME availability, instant confirmation, the voucher as PDF_URL and QRCODE, VOUCHER and
 *   TICKET delivery, DIGITAL redemption, no free sale.
 * - One option, DEFAULT: its start times are the product's weekly start times; its cancellation
 *   cut-off the product's free-cancellation hours.
 * - Units: the product's prices, one per passenger type (`adult`, `child`, `infant`, `senior`),
 *   with the price's ages.
 * - octo/pricing: retail = the price; net = the channel's net rate for that product and type, else
 *   retail less the channel's commission (rounded to the cent); the operator's currency, 2 decimals.
 */
import {
  commissionCents,
  hasText,
  localizeQuestion,
  PAX_TYPES,
  pricesOn,
  type TPaxType,
  type TProductQuestion,
  type TPublicLocale,
  type TPublicProduct,
  type TQuestionScope,
} from '@trayecto/shared';
import type { ProductPrice } from '../../db/schema';
import type { ProductRow } from '../products/products.mapper';
import type { pickupPlaces } from '../public/public.service';
import { unitTitle, yesNoLabels } from './octo.messages';
import type { OctoCaller } from './octo.repository';
import {
  DEFAULT_OPTION_ID,
  type TOctoCapability,
  type TOctoFeature,
  type TOctoLocation,
  type TOctoOption,
  type TOctoPickupPoint,
  type TOctoPricing,
  type TOctoPricingUnit,
  type TOctoProduct,
  type TOctoQuestion,
  type TOctoSupplier,
  type TOctoUnit,
} from './octo.schemas';

/** Decimals of the operator's currency (cents). */
export const CURRENCY_PRECISION = 2;

export type PickupPlaces = Awaited<ReturnType<typeof pickupPlaces>>;
export type PickupPlace = PickupPlaces['places'][number];

const orNull = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);

/** The specification's e-mail shape; anything else is left out (null) rather than answered broken. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** GET /supplier: the operator, its OCTO endpoint and its contact. */
export function toSupplier(operator: OctoCaller['operator'], endpoint: string): TOctoSupplier {
  const email = orNull(operator.email);
  return {
    id: operator.id,
    name: operator.name,
    endpoint,
    contact: {
      website: orNull(operator.website),
      email: email && EMAIL.test(email) ? email : null,
      telephone: orNull(operator.phone),
      address: orNull(operator.address),
    },
  };
}

/** "28.0800,-16.7300" → coordinates; null when the text is not a pair of valid numbers. */
export function parseLatLng(text: string | null | undefined): { latitude: number; longitude: number } | null {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text ?? '');
  if (!m) return null;
  const latitude = Number(m[1]);
  const longitude = Number(m[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

// ── Pricing ──────────────────────────────────────────────────────────────────────────────────────

/** What a channel is charged: its net rates ("productId:paxType" → cents) and its commission. */
export type ChannelRates = {
  currency: string;
  commissionPct: number | null;
  netRates: ReadonlyMap<string, number>;
};

/** The net of one passenger of a type: the channel's net rate, else retail less its commission. */
export function netCents(rates: ChannelRates, productId: string, paxType: string, retailCents: number): number {
  const rate = rates.netRates.get(`${productId}:${paxType}`);
  if (rate !== undefined) return rate;
  return retailCents - commissionCents(retailCents, rates.commissionPct);
}

/** An OCTO price: `retail` what the customer pays, `net` what the operator is paid. */
export function pricingOf(retail: number, net: number, currency: string): TOctoPricing {
  return { original: retail, retail, net, currency, currencyPrecision: CURRENCY_PRECISION, includedTaxes: [] };
}

/** A passenger type's price on a date, as OCTO prices it (null when the type is not sold that date). */
export function unitPricingOn(product: ProductRow, rates: ChannelRates, date: string): Map<TPaxType, TOctoPricingUnit> {
  const out = new Map<TPaxType, TOctoPricingUnit>();
  for (const p of sortedPrices(pricesOn(product, date).prices)) {
    const net = netCents(rates, product.id, p.pax_type, p.amount_cents);
    out.set(p.pax_type, { unitId: p.pax_type, ...pricingOf(p.amount_cents, net, rates.currency) });
  }
  return out;
}

const isPaxType = (t: string): t is TPaxType => (PAX_TYPES as readonly string[]).includes(t);

/** Prices of the passenger types we know, in the catalogue's order (adult, child, infant, senior). */
const sortedPrices = <P extends { pax_type: string }>(prices: readonly P[]) =>
  prices
    .flatMap((p) => (isPaxType(p.pax_type) ? [{ ...p, pax_type: p.pax_type }] : []))
    .sort((a, b) => PAX_TYPES.indexOf(a.pax_type) - PAX_TYPES.indexOf(b.pax_type));

// ── Units ────────────────────────────────────────────────────────────────────────────────────────

/**
 * The passenger types a product sells (its base prices and its seasons' that have not ended), in
 * the catalogue's order, each with the price that describes it (the base one when there is one).
 */
export function unitPricesOf(product: ProductRow, today: string): Map<TPaxType, ProductPrice[]> {
  const out = new Map<TPaxType, ProductPrice[]>();
  const add = (p: ProductPrice) => {
    if (isPaxType(p.pax_type)) out.set(p.pax_type, [...(out.get(p.pax_type) ?? []), p]);
  };
  product.prices.forEach(add);
  for (const s of product.seasons) if (s.to >= today) s.prices.forEach(add);
  return new Map(PAX_TYPES.filter((t) => out.has(t)).map((t) => [t, out.get(t) ?? []]));
}

const UNIT_TYPES: Record<TPaxType, TOctoUnit['type']> = {
  adult: 'ADULT',
  child: 'CHILD',
  infant: 'INFANT',
  senior: 'SENIOR',
};
const UNIT_NAMES: Record<TPaxType, string> = { adult: 'Adulto', child: 'Niño', infant: 'Bebé', senior: 'Mayor' };
/** The oldest age a unit without an upper limit admits. */
const MAX_AGE = 99;

export type MapOptions = {
  caps: ReadonlySet<TOctoCapability>;
  locale: TPublicLocale;
  today: string;
  timeZone: string;
  rates: ChannelRates;
  /** The product's texts in `locale` (octo/content). */
  texts?: TPublicProduct;
  /** The product's pickup places (octo/pickups). */
  pickups?: PickupPlaces;
};

function toUnit(product: ProductRow, type: TPaxType, prices: ProductPrice[], o: MapOptions): TOctoUnit {
  const described = prices[0];
  const unit: TOctoUnit = {
    id: type,
    internalName: UNIT_NAMES[type],
    reference: type,
    type: UNIT_TYPES[type],
    restrictions: {
      minAge: described?.min_age ?? 0,
      maxAge: described?.max_age ?? MAX_AGE,
      idRequired: false,
      minQuantity: null,
      maxQuantity: null,
      paxCount: 1,
      accompaniedBy: [],
    },
    requiredContactFields: [],
  };
  if (o.caps.has('octo/pricing')) {
    const cheapest = Math.min(...prices.map((p) => p.amount_cents));
    const net = Math.min(...prices.map((p) => netCents(o.rates, product.id, type, p.amount_cents)));
    unit.pricingFrom = [pricingOf(cheapest, net, o.rates.currency)];
  }
  if (o.caps.has('octo/content')) unit.title = unitTitle(type, o.locale);
  if (o.caps.has('octo/questions')) unit.questions = questionsOf(product, 'passenger', o.locale);
  return unit;
}

// ── Questions (octo/questions, ADR 024) ──────────────────────────────────────────────────────────

/**
 * A product's question as OCTO shows it, in `locale` (each text missing there in the operator's
 * language): a choice and a yes/no are `select`s whose values are what an answer sends back (the
 * option in the operator's language; `yes`/`no`).
 */
export function toQuestion(q: TProductQuestion, locale: TPublicLocale): TOctoQuestion {
  const l = localizeQuestion(q, locale);
  const [yes, no] = yesNoLabels(locale);
  const selectOptions =
    q.kind === 'choice'
      ? l.options
      : q.kind === 'yes_no'
        ? [
            { label: yes, value: 'yes' },
            { label: no, value: 'no' },
          ]
        : [];
  return {
    id: q.id,
    required: q.required,
    label: l.label,
    description: orNull(l.help),
    inputType: selectOptions.length > 0 ? 'select' : q.kind === 'number' || q.kind === 'date' ? q.kind : 'text',
    selectOptions,
  };
}

/** The product's questions of one scope (asked once per booking, or of every passenger), in order. */
export const questionsOf = (product: Pick<ProductRow, 'questions'>, scope: TQuestionScope, locale: TPublicLocale) =>
  (product.questions ?? []).filter((q) => q.scope === scope).map((q) => toQuestion(q, locale));

// ── Options and products ─────────────────────────────────────────────────────────────────────────

/**
 * The product's start times: those of its weekly rules still in force (else of all its rules),
 * sorted. Empty for a product without rules: it has nothing a reseller could list.
 */
export function startTimesOf(product: ProductRow, today: string): string[] {
  const times = (rules: ProductRow['availabilityRules']) => [...new Set(rules.flatMap((r) => r.times))].sort();
  const current = times(product.availabilityRules.filter((r) => r.valid_to === null || r.valid_to >= today));
  return current.length > 0 ? current : times(product.availabilityRules);
}

/** A pickup place as OCTO lists it; `localDateTime` is added per departure by the availability. */
export function toPickupPoint(place: PickupPlace): TOctoPickupPoint {
  const a = place.accommodation;
  const at = place.pickupAt;
  const coords = parseLatLng(a.latLng);
  // "Hotel X, recoger en Hotel Y": the customer of X waits at Y (and at its pickup point).
  const directions = at ? `${at.name}${at.pickupPoint ? ` (${at.pickupPoint})` : ''}` : orNull(a.pickupPoint);
  return {
    id: a.id,
    name: a.name,
    directions,
    address: at ? at.address : a.address,
    latitude: coords?.latitude ?? null,
    longitude: coords?.longitude ?? null,
    googlePlaceId: null,
    street: orNull(at ? at.address : a.address),
    postalCode: null,
    locality: orNull(a.zone),
    region: null,
    state: null,
    country: null,
  };
}

const hoursText = (h: number) => `${h} ${h === 1 ? 'hour' : 'hours'}`;

function toOption(product: ProductRow, startTimes: string[], o: MapOptions): TOctoOption {
  const option: TOctoOption = {
    id: DEFAULT_OPTION_ID,
    default: true,
    internalName: DEFAULT_OPTION_ID,
    reference: null,
    availabilityLocalStartTimes: startTimes,
    cancellationCutoff: hoursText(product.freeCancellationHours),
    cancellationCutoffAmount: product.freeCancellationHours,
    cancellationCutoffUnit: 'hour',
    requiredContactFields: ['firstName', 'lastName'],
    restrictions: { minUnits: 1, maxUnits: null },
    units: [...unitPricesOf(product, o.today)].map(([type, prices]) => toUnit(product, type, prices, o)),
  };
  if (o.caps.has('octo/pickups')) {
    const points = (o.pickups?.places ?? []).map(toPickupPoint);
    option.pickupAvailable = product.pickupEnabled && points.length > 0;
    // A product that collects customers also meets them at its meeting point: pickup is a choice.
    option.pickupRequired = false;
    option.pickupPoints = option.pickupAvailable ? points : [];
  }
  if (o.caps.has('octo/questions')) option.questions = questionsOf(product, 'booking', o.locale);
  return option;
}

function features(t: TPublicProduct): TOctoFeature[] {
  const each = (items: string[], type: TOctoFeature['type']) =>
    items.filter((s) => s.trim()).map((s) => ({ shortDescription: s, type }));
  const one = (text: string, type: TOctoFeature['type']) => (hasText(text) ? [{ shortDescription: text, type }] : []);
  return [
    ...each(t.includes, 'INCLUSION'),
    ...each(t.excludes, 'EXCLUSION'),
    ...each(t.what_to_bring, 'PREARRIVAL_INFORMATION'),
    ...(t.pickup_enabled ? one(t.pickup_notes, 'PREARRIVAL_INFORMATION') : []),
    ...one(t.booking_terms, 'BOOKING_TERM'),
  ];
}

function meetingPoint(product: ProductRow, t: TPublicProduct): TOctoLocation[] {
  const coords = parseLatLng(product.meetingLatLng);
  if (!coords) return [];
  const none = null;
  return [
    {
      title: orNull(t.meeting_point),
      shortDescription: none,
      types: ['START'],
      minutesTo: none,
      minutesAt: none,
      place: {
        ...coords,
        postalAddress: {
          streetAddress: none,
          addressLocality: none,
          addressRegion: none,
          postalCode: none,
          addressCountry: none,
          postOfficeBoxNumber: none,
        },
        identifiers: {
          googlePlaceId: none,
          applePlaceId: none,
          tripadvisorLocationId: none,
          yelpPlaceId: none,
          facebookPlaceId: none,
          foursquarePlaceId: none,
          baiduPlaceId: none,
          amapPlaceId: none,
        },
        sameAs: [],
      },
    },
  ];
}

/** A product as OCTO describes it; undefined for one without start times (nothing to sell). */
export function toProduct(product: ProductRow, o: MapOptions): TOctoProduct | undefined {
  const startTimes = startTimesOf(product, o.today);
  if (startTimes.length === 0) return undefined;
  const out: TOctoProduct = {
    id: product.id,
    internalName: product.name,
    reference: orNull(product.code),
    locale: o.locale,
    timeZone: o.timeZone,
    allowFreesale: false,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: 'START_TIME',
    deliveryFormats: ['PDF_URL', 'QRCODE'],
    deliveryMethods: ['VOUCHER', 'TICKET'],
    redemptionMethod: 'DIGITAL',
    options: [toOption(product, startTimes, o)],
  };
  if (o.caps.has('octo/pricing')) {
    out.defaultCurrency = o.rates.currency;
    out.availableCurrencies = [o.rates.currency];
    out.pricingPer = 'UNIT';
  }
  const t = o.texts;
  if (o.caps.has('octo/content') && t) {
    out.title = t.name;
    out.shortDescription = orNull(t.short_description);
    out.description = hasText(t.description) ? t.description : null;
    out.features = features(t);
    out.locations = meetingPoint(product, t);
    if (product.durationMinutes > 0) out.durationMinutesFrom = product.durationMinutes;
  }
  return out;
}
