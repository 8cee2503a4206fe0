import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { useState } from 'react';
// react-router/dom's RouterProvider hands react-dom's flushSync to the router, as react-router-dom's did.
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../lib/query-client.js';
import { createAppRouter } from './router.js';

/** The console: server state, client state and routes. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [store] = useState(createStore);
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>
        <RouterProvider router={router} />
      </JotaiProvider>
    </QueryClientProvider>
  );
}
