import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSalesInquiriesResponse } from '@contract/sales';
import { apiRequest } from '@/lib/api-request';

export const salesInquiriesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/sales-inquiries'],
    queryFn: () => apiRequest<AdminSalesInquiriesResponse>('/api/admin/sales-inquiries'),
    staleTime: 30_000,
  });

export const useSalesInquiries = () => useQuery(salesInquiriesQueryOptions());
