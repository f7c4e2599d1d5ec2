import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../app/services';
import { mapApi, positionQuery } from './mapApi';

/** One position by id (`GET /api/positions?id=`); disabled for ids that are not positive integers. */
export function usePosition(id: number) {
  const { backendOrigin } = useServices();
  const api = useMemo(() => mapApi(backendOrigin), [backendOrigin]);
  const valid = Number.isInteger(id) && id > 0;
  return useQuery({ ...positionQuery(api, id), enabled: valid });
}
