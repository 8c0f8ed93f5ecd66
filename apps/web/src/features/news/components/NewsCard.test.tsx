import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { newsEntry } from '../../../testing/factories';
import { createTestI18n } from '../../../testing/i18n';
import { NewsCard } from './NewsCard';

describe('NewsCard', () => {
  it('leaves out the image frame of an article without a header image', async () => {
    const i18n = await createTestI18n();
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <NewsCard item={newsEntry('ohne-bild', 'Ohne Bild')} />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Ohne Bild' })).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.aspect-\\[16\\/9\\]')).toBeNull();
  });
});
