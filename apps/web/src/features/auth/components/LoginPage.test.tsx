import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo } from '../../../testing/api';
import { renderApp } from '../../../testing/render-app';
import { signedOutStore } from '../../../testing/store';
import { Component as LoginPage } from './LoginPage';

describe('/login', () => {
  it('readies the sign-in while the visitor reads the page: the configuration is asked for once', async () => {
    await renderApp([{ path: '/login', Component: LoginPage }], {
      path: '/login',
      store: signedOutStore(),
    });
    expect(await screen.findByRole('button', { name: 'Jetzt anmelden' })).toBeEnabled();
    await waitFor(() => expect(callsTo('GET', '/api/config')).toHaveLength(1));
  });
});
