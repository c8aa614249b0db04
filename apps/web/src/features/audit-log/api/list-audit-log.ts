/**
 * GET /api/v1/audit-log (levels 0 and 1): who changed what, newest first, with the list
 * conventions (filters `field[op]=value`, `q`, paging). One hook for the activity screen, one for a
 * record's trail. The screen's next page follows the API's keyset cursor (ADR 028).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  apiPath,
  buildListQuery,
  type TAuditEntityType,
  type TAuditEntryResponse,
  type TFilterObject,
} from '@trayecto/shared';
import { useEffect, useRef } from 'react';
import { apiRequest, totalCappedOf, totalCountOf } from '../../../lib/api-client';
import { dayStartInstant, nextDayStartInstant } from '../../../lib/dates';
import type { TListPage } from '../../../lib/list-api';

export type TAuditLogFilters = {
  q?: string;
  entity_type?: string;
  action?: string;
  /** Calendar dates (YYYY-MM-DD, days of the user's operator's zone), both included. */
  from?: string;
  to?: string;
  tour_operator_id?: string;
  entity_id?: string;
};

export type TAuditLogParams = TAuditLogFilters & {
  page: number;
  per_page: number;
  sort?: string;
  /** The API's keyset cursor (X-Next-Cursor of the page before): it replaces `page`. */
  cursor?: string;
};

/** A page of the log and the cursor of the page after it (null on the last page). */
export type TAuditLogPage = TListPage<TAuditEntryResponse> & { nextCursor: string | null };

/** The start of a calendar day in the user's operator's zone (lib/time-zone.ts), as an instant. */
export const dayStart = dayStartInstant;

/** The next day's start: `created_at[lt]` keeps the whole `to` day. */
export const dayAfterStart = nextDayStartInstant;

export function auditFilterObject(f: TAuditLogFilters): TFilterObject {
  return {
    entity_type: { eq: f.entity_type },
    entity_id: { eq: f.entity_id },
    action: { in: f.action },
    tour_operator_id: { eq: f.tour_operator_id },
    created_at: { gte: f.from ? dayStart(f.from) : undefined, lt: f.to ? dayAfterStart(f.to) : undefined },
  };
}

export function auditLogQueryString(p: TAuditLogParams): string {
  return buildListQuery(auditFilterObject(p), {
    q: p.q?.trim(),
    page: p.cursor ? undefined : p.page,
    per_page: p.per_page,
    sort: p.sort,
    cursor: p.cursor,
  });
}

export async function listAuditLog(params: TAuditLogParams, signal?: AbortSignal): Promise<TAuditLogPage> {
  const res = await apiRequest<TAuditEntryResponse[]>(apiPath('auditLog'), {
    query: auditLogQueryString(params),
    signal,
  });
  const items = Array.isArray(res.data) ? res.data : [];
  return {
    items,
    total: totalCountOf(res.headers, items.length),
    capped: totalCappedOf(res.headers),
    nextCursor: res.headers.get('X-Next-Cursor') || null,
  };
}

export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (params: TAuditLogParams) => [...auditLogKeys.all, 'list', params] as const,
  trail: (entityType: TAuditEntityType, entityId: string) =>
    [...auditLogKeys.all, 'trail', entityType, entityId] as const,
};

/**
 * A page of the screen. When the page before it is in the cache with its X-Next-Cursor (the user
 * went "Página siguiente"), the page is read after that cursor: no OFFSET and no count on the
 * server, and the total stays the one the first page gave. A page opened by its number (a
 * bookmark, a jump) is read by number, which the API keeps cheap within the count's cap.
 */
export const auditLogQueryOptions = (params: TAuditLogParams) =>
  queryOptions({
    queryKey: auditLogKeys.list(params),
    queryFn: async ({ signal, client }): Promise<TAuditLogPage> => {
      const before =
        params.page > 1
          ? client.getQueryData<TAuditLogPage>(auditLogKeys.list({ ...params, page: params.page - 1 }))
          : undefined;
      if (!before?.nextCursor) return listAuditLog(params, signal);
      const page = await listAuditLog({ ...params, cursor: before.nextCursor }, signal);
      return { ...page, total: before.total, capped: before.capped };
    },
    placeholderData: keepPreviousData,
  });

export function useAuditLog(params: TAuditLogParams) {
  return useQuery(auditLogQueryOptions(params));
}

/**
 * The latest entries of one record (its trail), when `enabled` (the role may read the log). A new
 * `revision` (the record's version or updated_at) reads it again after the record changes, keeping
 * the trail on screen meanwhile.
 */
export function useAuditTrail(
  entityType: TAuditEntityType,
  entityId: string,
  { enabled, revision, limit = 50 }: { enabled: boolean; revision?: string | number; limit?: number },
) {
  const query = useQuery({
    queryKey: auditLogKeys.trail(entityType, entityId),
    queryFn: ({ signal }) =>
      listAuditLog({ entity_type: entityType, entity_id: entityId, page: 1, per_page: limit }, signal),
    enabled: enabled && Boolean(entityId),
    retry: false,
  });
  const seen = useRef(revision);
  const { refetch } = query;
  useEffect(() => {
    if (seen.current === revision) return;
    seen.current = revision;
    if (enabled) void refetch();
  }, [revision, enabled, refetch]);
  return query;
}
