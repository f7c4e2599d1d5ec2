import { useQuery } from '@tanstack/react-query';
import { useData } from '../../shared/data';

/** One position by id (`GET /api/positions?id=`); disabled for ids that are not positive integers. */
export function usePosition(id: number) {
  const { queries } = useData();
  const valid = Number.isInteger(id) && id > 0;
  return useQuery({ ...queries.position(id), enabled: valid });
}
