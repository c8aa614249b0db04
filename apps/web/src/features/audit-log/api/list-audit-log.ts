/**
 * GET /api/v1/audit-log (levels 0 and 1): who changed what, newest first, with the list
 * conventions (filters `field[op]=value`, `q`, paging). One hook for the activity screen, one for a
 * record's trail.
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
import { dayStartInstant, nextDayStartInstant } from '../../../lib/dates';
import { fetchListPage, type TListPage } from '../../../lib/list-api';

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

export type TAuditLogParams = TAuditLogFilters & { page: number; per_page: number; sort?: string };

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
  return buildListQuery(auditFilterObject(p), { q: p.q?.trim(), page: p.page, per_page: p.per_page, sort: p.sort });
}

export function listAuditLog(params: TAuditLogParams, signal?: AbortSignal): Promise<TListPage<TAuditEntryResponse>> {
  return fetchListPage<TAuditEntryResponse>(apiPath('auditLog'), auditLogQueryString(params), signal);
}

export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (params: TAuditLogParams) => [...auditLogKeys.all, 'list', params] as const,
  trail: (entityType: TAuditEntityType, entityId: string) =>
    [...auditLogKeys.all, 'trail', entityType, entityId] as const,
};

export const auditLogQueryOptions = (params: TAuditLogParams) =>
  queryOptions({
    queryKey: auditLogKeys.list(params),
    queryFn: ({ signal }) => listAuditLog(params, signal),
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
