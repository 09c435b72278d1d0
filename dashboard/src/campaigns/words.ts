// The campaign pages' words: their own namespace unprefixed, the shared words and the API's codes prefixed
// (t('common:loading'), t(`codes:${status}`)). Tables made outside a component take the `t` a page passes down.
import { useTranslation } from 'react-i18next';

export function useCampaignWords() {
  return useTranslation(['campaigns', 'common', 'codes']).t;
}

export type CampaignWords = ReturnType<typeof useCampaignWords>;
