import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { useAuth } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import SalesInquiryDialog from './sales-inquiry-dialog';

type EntryProps = { open: boolean; onOpenChange(open: boolean): void };

/**
 * The sales form as "Contact sales" loads it on the first click: inside the app it uses the app's query
 * client; on the prerendered landing page, whose islands have none (issue #37: the query client stays
 * out of the first visit), it brings its own. A signed-in visitor's name and address are filled in.
 */
export default function SalesInquiryEntry(props: EntryProps) {
  const client = useContext(QueryClientContext);
  const [own] = useState(() => (client ? null : createQueryClient()));
  if (own)
    return (
      <QueryClientProvider client={own}>
        <WithUser {...props} />
      </QueryClientProvider>
    );
  return <WithUser {...props} />;
}

function WithUser(props: EntryProps) {
  const { user } = useAuth();
  const name = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : undefined;
  return <SalesInquiryDialog {...props} defaults={user ? { name, email: user.email } : undefined} />;
}
