// Whether the browser is iOS Safari, the one iOS browser that can add a page to the home screen (moved here from
// features/pwa/install-offer.tsx: the install offer and the push opt-in both ask).
/** iPhone/iPad Safari (iPadOS reports a Mac with touch); other iOS browsers cannot add to the home screen. */
export function isIosSafari(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
  return ios && /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}
