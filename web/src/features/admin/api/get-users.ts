import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUsersResponse } from '@contract/admin';
import { apiRequest } from '@/lib/api-request';

export const getUsers = () => apiRequest<AdminUsersResponse>('/api/admin/users');

export const usersQueryOptions = () => queryOptions({ queryKey: ['/api/admin/users'], queryFn: getUsers, staleTime: 30_000 });

export const useUsers = () => useQuery(usersQueryOptions());
