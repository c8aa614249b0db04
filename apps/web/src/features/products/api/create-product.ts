/** POST /api/v1/products → 201 + the product (tour_operator_id: the caller's own unless the administrator sends one). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TProductQuestionInput, type TProductResponse } from '@trayecto/shared';
import { type ApiError, apiRequest } from '../../../lib/api-client';
import { productsKeys } from './list-products';

/** The body as the form sends it: the shared request's input (before its transforms). */
export type TProductPayload = {
  tour_operator_id?: string;
  code?: string;
  /** Percent, one of the operator's territory's rates (issue 34). */
  tax_rate?: number;
  name?: string;
  state?: string;
  short_description?: string;
  description?: string;
  duration_minutes?: number;
  languages?: string[];
  meeting_point?: string;
  meeting_lat_lng?: string;
  pickup_enabled?: boolean;
  includes?: string[];
  excludes?: string[];
  what_to_bring?: string[];
  pickup_notes?: string;
  /** Per language: the texts as typed ('' and [] = not translated). */
  translations?: Record<
    string,
    {
      name?: string;
      short_description?: string;
      description?: string;
      includes?: string[];
      excludes?: string[];
      what_to_bring?: string[];
      meeting_point?: string;
      booking_terms?: string;
      pickup_notes?: string;
    }
  >;
  capacity?: number | string;
  min_pax?: number | string;
  booking_cutoff_hours?: number | string;
  free_cancellation_hours?: number | string;
  instant_confirmation?: boolean;
  booking_terms?: string;
  prices?: TPricePayload[];
  seasons?: Array<{ name: string; from?: string; to?: string; prices: TPricePayload[] }>;
  availability_rules?: Array<{ weekdays: number[]; times: string[]; valid_from?: string; valid_to: string | null }>;
  closed_dates?: string[];
  pickups?: Array<{
    accommodation_id: string | null;
    zone: string | null;
    minutes_before: number | string | null;
    fixed_time: string | null;
  }>;
  /** "Cobro" (ADR 022). */
  payment_mode?: 'full' | 'deposit' | 'on_the_day';
  deposit?: { percent: number } | { per_pax_cents: number } | null;
  /** "Preguntas al reservar" (ADR 024): the whole list, in order; a stored question keeps its `id`. */
  questions?: TProductQuestionInput[];
};

export type TPricePayload = {
  pax_type: string;
  amount_cents?: number | string;
  min_age: number | null;
  max_age: number | null;
  occupies_seat: boolean;
};

export async function createProduct(payload: TProductPayload): Promise<TProductResponse> {
  const res = await apiRequest<TProductResponse>(apiPath('products'), { method: 'POST', body: payload });
  return res.data;
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation<TProductResponse, ApiError, TProductPayload>({
    mutationFn: createProduct,
    onSuccess: (saved) => {
      queryClient.setQueryData(productsKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: productsKeys.lists() });
    },
  });
}
