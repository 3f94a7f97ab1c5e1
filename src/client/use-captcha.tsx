/** The captcha of a form island: its container element, rendered once after hydration. */
import { useEffect, useRef, useState } from 'react';
import { renderCaptcha, type Captcha, type CaptchaConfig } from './captcha';

export function useCaptcha(config: CaptchaConfig | null) {
  const ref = useRef<HTMLDivElement>(null);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  useEffect(() => {
    if (config === null) return;
    renderCaptcha(ref.current, config)
      .then(setCaptcha)
      .catch((error: unknown) => console.error(error));
  }, []);
  const container =
    config === null ? null : (
      <div
        ref={ref}
        className={`captcha-container${captcha?.compact === true ? ' captcha-container--compact' : ''}`}
        data-captcha-rendered={captcha === null ? undefined : 'true'}
      >
        {captcha !== null && config.provider === 'local' && (
          <p className="Captcha-badge">Protected by a local test captcha.</p>
        )}
      </div>
    );
  return { captcha, container };
}
