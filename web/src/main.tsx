import { ApolloProvider } from '@apollo/client/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createClient } from './apollo';
import { App } from './App';
import { LiveContext } from './live';
import './styles.css';

const { client, live } = createClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApolloProvider client={client}>
      <LiveContext.Provider value={live}>
        <App />
      </LiveContext.Provider>
    </ApolloProvider>
  </StrictMode>,
);
