import { act, render, screen } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { useRemoteTranslation } from './use-remote-translation';

const catalogues = { en: { title: 'Track a parcel' }, lv: { title: 'Izsekot sūtījumu' } };

function Title() {
  const { t } = useRemoteTranslation('mf-tracking', catalogues);
  return <h1>{t('title')}</h1>;
}

async function shellI18n(): Promise<I18n> {
  const i18n = createInstance();
  await i18n.init({ lng: 'en', fallbackLng: 'en', resources: {}, react: { useSuspense: false } });
  return i18n;
}

describe('useRemoteTranslation', () => {
  it('registers the catalogues in the shared instance and translates on the first render', async () => {
    const i18n = await shellI18n();
    render(
      <I18nextProvider i18n={i18n}>
        <Title />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Track a parcel');
    expect(i18n.getResourceBundle('lv', 'mf-tracking')).toEqual({ title: 'Izsekot sūtījumu' });

    await act(() => i18n.changeLanguage('lv'));
    expect(screen.getByRole('heading')).toHaveTextContent('Izsekot sūtījumu');
  });

  it('adds each bundle only once, however often its components render', async () => {
    const i18n = await shellI18n();
    const addResourceBundle = jest.spyOn(i18n, 'addResourceBundle');
    const { rerender } = render(
      <I18nextProvider i18n={i18n}>
        <Title />
        <Title />
      </I18nextProvider>,
    );
    rerender(
      <I18nextProvider i18n={i18n}>
        <Title />
      </I18nextProvider>,
    );
    expect(addResourceBundle).toHaveBeenCalledTimes(2);
    expect(addResourceBundle.mock.calls.map(([locale]) => locale).sort()).toEqual(['en', 'lv']);
  });

  it('keeps texts the shell registered for the namespace first', async () => {
    const i18n = await shellI18n();
    i18n.addResourceBundle('en', 'mf-tracking', { title: 'Where is my parcel?' });
    render(
      <I18nextProvider i18n={i18n}>
        <Title />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Where is my parcel?');
  });
});
