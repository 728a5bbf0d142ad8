// Query keys and fetchers shared by pages, so a page and the overview read the same cache entries.
import { infiniteQueryOptions, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type { FindingOrder } from '../pages/finding-order.ts';
import { api, present, read, unwrap } from './http.ts';
import type {
  Finding,
  FindingStatus,
  SbomItem,
  Severity,
  Summary,
  Vendor,
  VendorRiskSummary,
} from './rest.ts';

export const summaryKey = ['findings', 'summary'];
export const fetchSummary = (options: { quiet401?: boolean } = {}): Promise<Summary> =>
  read(api.GET('/sscs/findings/summary'), options);
export const useSummary = () => useQuery({ queryKey: summaryKey, queryFn: () => fetchSummary() });

export const useSboms = (q?: string) =>
  useQuery({
    queryKey: ['sboms', q ?? ''],
    queryFn: (): Promise<SbomItem[]> => read(api.GET('/sscs/sboms', { params: { query: present({ q }) } })),
  });

interface FindingFilter {
  status?: FindingStatus;
  severity?: Severity;
  sbomId?: string;
  kev?: boolean;
  /** Text: a vulnerability id goes to the API's `vulnerabilityId` (id or alias), anything else to `q`. */
  q?: string;
  /** One of the API's `sort` orders (priority, severity, createdAt, epss, vulnerability, package…). */
  sort?: FindingOrder | undefined;
}

/** Ids of the advisory databases the findings carry (CVE-…, GHSA-…, GO-…): searched as an id, not as text. */
const VULNERABILITY_ID = /^(CVE|GHSA|GO|PYSEC|RUSTSEC|OSV|MAL|GSD)-\S+$/i;

const textParams = (text: string | undefined) =>
  !text
    ? {}
    : VULNERABILITY_ID.test(text)
      ? {
          vulnerabilityId: text.toUpperCase().startsWith('GHSA-')
            ? `GHSA-${text.slice(5).toLowerCase()}`
            : text.toUpperCase(),
        }
      : { q: text };

export const findingsKey = (filter: FindingFilter) => [
  'findings',
  'list',
  filter.status ?? 'open',
  filter.severity ?? '',
  filter.sbomId ?? '',
  ...(filter.kev ? ['kev'] : []),
  ...(filter.q ? [`q:${filter.q}`] : []),
  ...(filter.sort ? [`sort:${filter.sort}`] : []),
];

/**
 * Findings per request: about 150 KB of JSON, a screenful many times over. The whole open list of a large
 * workspace (50,000 findings) was 33.9 MB; the page now asks for the next 200 as the table nears its end.
 */
export const FINDINGS_PAGE = 200;

export interface FindingPage {
  findings: Finding[];
  /** The next page's `cursor`; null on the last page. */
  nextCursor: string | null;
  /** How many findings the filters match over all pages: on the first page only (null after it). */
  total: number | null;
}

/** The findings list a page at a time, in the server's order (keyset cursors: no row twice, none skipped). */
const findingPages = (filter: FindingFilter, options: { quiet401?: boolean } = {}) =>
  infiniteQueryOptions({
    queryKey: findingsKey(filter),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }): Promise<FindingPage> => {
      const { data, meta } = await unwrap(
        api.GET('/sscs/findings', {
          params: {
            query: present({
              status: filter.status ?? 'open',
              severity: filter.severity,
              sbomId: filter.sbomId,
              kev: filter.kev ? ('true' as const) : undefined,
              sort: filter.sort,
              ...textParams(filter.q),
              limit: FINDINGS_PAGE,
              cursor: pageParam ?? undefined,
            }),
          },
        }),
        options,
      );
      // A paged request (`limit`) always answers with meta.
      return { findings: data, nextCursor: meta?.nextCursor ?? null, total: meta?.total ?? null };
    },
    getNextPageParam: (last) => last.nextCursor,
  });

export const useFindingPages = (filter: FindingFilter) => useInfiniteQuery(findingPages(filter));

/**
 * The first page, asked while the session is being checked (main.tsx) rather than once the page's code has
 * loaded: the request then runs beside the route's chunks (a signed-out visitor's 401 here is harmless).
 */
export const prefetchFindingPages = (client: QueryClient, filter: FindingFilter) =>
  client.prefetchInfiniteQuery(findingPages(filter, { quiet401: true }));

export const useVendors = () =>
  useQuery({ queryKey: ['vendors'], queryFn: (): Promise<Vendor[]> => read(api.GET('/sscs/vendors')) });

export const useVendorRisk = () =>
  useQuery({
    queryKey: ['vendors', 'risk'],
    queryFn: (): Promise<VendorRiskSummary> => read(api.GET('/sscs/vendors/risk-summary')),
  });
