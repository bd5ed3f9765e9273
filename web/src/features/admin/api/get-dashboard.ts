import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboardResponse } from '@contract/admin';
import { apiRequest } from '@/lib/api-request';

export const getDashboard = () => apiRequest<AdminDashboardResponse>('/api/admin/dashboard');

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: ['/api/admin/dashboard'], queryFn: getDashboard, staleTime: 30_000 });

export const useDashboard = () => useQuery(dashboardQueryOptions());
