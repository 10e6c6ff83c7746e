import { useSearchParams } from 'react-router-dom';

/** The `?id=` of a data-table page (null when absent or not a number), and a setter that keeps it in the URL. */
export function useTableId(): [number | null, (id: number) => void] {
  const [params, setParams] = useSearchParams();
  const n = Number(params.get('id'));
  return [Number.isInteger(n) && n > 0 ? n : null, (id) => setParams({ id: String(id) })];
}
