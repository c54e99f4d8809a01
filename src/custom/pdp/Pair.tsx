import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ApiError } from '../../engine/api/client';
import { useI18n } from '../../engine/i18n/i18n';
import { Icon } from '../../widgets/Icon';
import { signingApi } from './signingApi';
import { PdpPage } from './PdpPage';
import { Problem, SigningSheet } from './SigningSheet';

/**
 * /Pdp3: a clerk pairs the desk's tablet with the property, typing the code made for it under Front office ›
 * Master › Signing tablets. The tablet then shows, at /pdp, what the desk sends it.
 */
export default function Pair() {
  const { t } = useI18n();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [paired, setPaired] = useState<{ device: string; hotel: string }>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      setPaired(await signingApi.pair(code.trim()));
    } catch (err) {
      setError((err as ApiError).message);
    }
  };
  return (
    <PdpPage>
      <SigningSheet hotel={paired?.hotel} title={t('signing.pairTitle')}>
        {paired ? (
          <>
            <p className="pdp-done" role="status" data-testid="pdp-paired">
              <Icon name="check" size="lg" /> {t('signing.paired', { device: paired.device, hotel: paired.hotel })}
            </p>
            <Link to="/pdp" className="btn btn-primary btn-lg">
              {t('signing.toTablet')}
            </Link>
          </>
        ) : (
          <form className="pdp-code" onSubmit={(e) => void submit(e)} noValidate>
            <p>{t('signing.pairHint')}</p>
            <label htmlFor="pair-code">{t('signing.pairCode')}</label>
            <div className="row">
              <input
                id="pair-code"
                className="input pdp-code-input"
                autoCapitalize="characters"
                autoComplete="off"
                maxLength={8}
                value={code}
                onChange={(e) => setCode(e.target.value.toUpperCase())}
              />
              <button type="submit" className="btn btn-primary btn-lg" data-testid="pdp-pair">
                {t('signing.pair')}
              </button>
            </div>
            <Problem text={error} />
          </form>
        )}
      </SigningSheet>
    </PdpPage>
  );
}
