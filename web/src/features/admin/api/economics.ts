import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBudgetsResponse,
  AdminCostsResponse,
  AdminModelsResponse,
  EngineChoiceRequest,
  EngineService,
  SpendLimitRequest,
} from '@contract/economics';
import { apiRequest } from '@/lib/api-request';

/** The admin's models, budgets and costs (issue 38). */
const MODELS = '/api/admin/models';
const BUDGETS = '/api/admin/budgets';

export const useModels = () => useQuery(queryOptions({ queryKey: [MODELS], queryFn: () => apiRequest<AdminModelsResponse>(MODELS) }));
export const useBudgets = () => useQuery(queryOptions({ queryKey: [BUDGETS], queryFn: () => apiRequest<AdminBudgetsResponse>(BUDGETS), staleTime: 15_000 }));

export const costsUrl = (period: { from: string; to: string }, csv = false) =>
  `/api/admin/costs${csv ? '.csv' : ''}?${new URLSearchParams({ from: period.from, to: period.to }).toString()}`;
export const useCosts = (period: { from: string; to: string }) =>
  useQuery(queryOptions({ queryKey: ['/api/admin/costs', period.from, period.to], queryFn: () => apiRequest<AdminCostsResponse>(costsUrl(period)) }));

export function useModelMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [MODELS] });
  const choose = useMutation({
    mutationFn: ({ service, ...body }: EngineChoiceRequest & { service: EngineService }) => apiRequest<void>(`${MODELS}/choices/${service}`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
  const price = useMutation({
    mutationFn: (body: { modelId: string; priceMicros: number }) => apiRequest<void>(`${MODELS}/prices`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
  return { choose, price };
}

export function useBudgetMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, ...body }: SpendLimitRequest & { provider: string }) => apiRequest<void>(`${BUDGETS}/${provider}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BUDGETS] }),
  });
}

/** Micros of a currency as money ("$0.039"): three decimals below one unit, two above. */
export const formatMicros = (micros: number, currency: string, lang: 'de' | 'en') => {
  const units = micros / 1_000_000;
  const digits = units !== 0 && Math.abs(units) < 1 ? 3 : 2;
  return new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(units);
};
