import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSystemResponse } from '@contract/admin';
import { apiRequest } from '@/lib/api-request';

export const getSystem = () => apiRequest<AdminSystemResponse>('/api/admin/system');

export const systemQueryOptions = () => queryOptions({ queryKey: ['/api/admin/system'], queryFn: getSystem, staleTime: 15_000 });

export const useSystem = () => useQuery(systemQueryOptions());
