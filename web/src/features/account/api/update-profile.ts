import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileRequest, UserResponse } from '@contract/auth';
import { apiRequest } from '@/lib/api-request';
import { USER_QUERY_KEY } from '@/lib/auth';

/** Where the profile is mirrored client-side (spec §3 "Profile … saved client-side"). */
export const PROFILE_STORAGE_KEY = 'profile';

export function updateProfile(body: UpdateProfileRequest): Promise<UserResponse> {
  return apiRequest<UserResponse>('/api/auth/profile', { method: 'PUT', body });
}

function mirrorProfile(user: UserResponse) {
  try {
    localStorage.setItem(
      PROFILE_STORAGE_KEY,
      JSON.stringify({
        firstName: user.firstName ?? '',
        lastName: user.lastName ?? '',
        email: user.email,
        role: user.profileRole,
        industry: user.industry,
      }),
    );
  } catch {
    /* storage blocked: the server copy is the one that counts */
  }
}

/** Saves the profile on the server (DESIGN §4), updates the cached user and mirrors it locally. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      mirrorProfile(user);
    },
  });
}
