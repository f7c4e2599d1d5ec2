/**
 * A report filter held in the address, for any page that runs something from it (a report, the
 * replay): the search parsed (anything malformed dropped), the period's range in the user's time
 * zone (fixed when the filter changes), what to fix, and Show. Show writes `show=true`, and an
 * address with `show=true` (a reloaded or shared link) runs at once: `run` is given the request's
 * parameters and the filter they come from. The props for `ReportFilter` come with it.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ListParams } from '../../api/resources';
import { filterProblems, rangeOf, reportParams, type FilterProblem, type Range, type ReportSearch } from '../../domain/reportFilter';
import { parseReportSearch } from '../../domain/reportSearch';
import { useSettingsContext } from '../useSettingsContext';

export interface AddressFilterOptions {
  needsDevice: boolean;
  oneDevice?: boolean;
  /** false while the person may not run it (nothing runs, Show included) */
  enabled?: boolean;
  run: (params: ListParams, search: ReportSearch) => void;
}

export interface AddressFilter {
  search: ReportSearch;
  setSearch: (next: ReportSearch) => void;
  range: Range | null;
  problems: FilterProblem[];
  /** the request's parameters, once the period has a range */
  params: ListParams | null;
  /** what `ReportFilter` takes of it */
  filter: {
    search: ReportSearch;
    onChange: (next: ReportSearch) => void;
    timeZone: string;
    problems: FilterProblem[];
    showProblems: boolean;
    limitDays: number;
    onShow: () => void;
  };
}

export function useAddressFilter({ needsDevice, oneDevice = false, enabled = true, run }: AddressFilterOptions): AddressFilter {
  const { i18n } = useLingui();
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const rawKey = JSON.stringify(raw);
  const search = useMemo(() => parseReportSearch(raw), [rawKey]);
  const navigate = useNavigate();
  const settings = useSettingsContext();
  const periodLimit = Number(settings.server?.attributes?.['report.periodLimit'] ?? 0) || 0;
  const searchKey = JSON.stringify(search);
  const range: Range | null = useMemo(() => rangeOf(search, Date.now(), settings.timeZone, i18n.locale), [searchKey, settings.timeZone, i18n.locale]);
  const problems = filterProblems(search, range, { needsDevice, oneDevice, periodLimit });
  const [pressed, setPressed] = useState(false);
  const setSearch = useCallback((next: ReportSearch) => void navigate({ to: '.', search: next as never, replace: true }), [navigate]);
  const latestRun = useRef(run);
  latestRun.current = run;

  // the address says what to run: a reloaded or shared link with show=true runs the same
  useEffect(() => {
    if (enabled && search.show && range && problems.length === 0) latestRun.current(reportParams(search, range), search);
  }, [searchKey, enabled]);

  const onShow = () => {
    setPressed(true);
    if (!enabled || problems.length > 0 || !range) return;
    if (search.show) run(reportParams(search, range), search);
    else setSearch({ ...search, show: true });
  };

  return {
    search,
    setSearch,
    range,
    problems,
    params: range ? reportParams(search, range) : null,
    filter: {
      search,
      onChange: (next) => {
        setPressed(false);
        setSearch(next);
      },
      timeZone: settings.timeZone,
      problems,
      showProblems: pressed,
      limitDays: Math.round(periodLimit / 86400),
      onShow,
    },
  };
}
