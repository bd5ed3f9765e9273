import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAnalyticsResponse } from '@contract/admin';
import { apiRequest } from '@/lib/api-request';

export const getAnalytics = () => apiRequest<AdminAnalyticsResponse>('/api/admin/analytics');

export const analyticsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/admin/analytics'], queryFn: getAnalytics, staleTime: 30_000 });

export const useAnalytics = () => useQuery(analyticsQueryOptions());
