import { messages } from '@portal/contract/common';
import { Outlet } from 'react-router';
import { Feedback } from '@/components/feedback';
import { useCurrentUser } from '@/lib/token';

/**
 * Admin screens reachable inside the user area (admin-view-all, user-management). Kept out of
 * guards.tsx: the contract's messages bring zod, which the entry chunk must not carry.
 */
export default function RequireAdminRole() {
  const user = useCurrentUser();
  if (user?.role !== 'admin') {
    return <Feedback>{messages.adminOnly}</Feedback>;
  }
  return <Outlet />;
}
