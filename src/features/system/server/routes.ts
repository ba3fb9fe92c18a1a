/** Handlers of the system calls (contract: src/features/system/contract.ts). */
import { countryCodes, countryList, systemDomainRoute, systemRegisterSetting, systemStatus, systemWhitelabel } from '../contract.ts';
import { COUNTRIES } from './countries.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { route } from '../../../kernel/http/dispatch.ts';
import { normaliseIp, statusFor, systemState } from './status.ts';
import { LIVE_CHAT_PATH } from '../../../kernel/constants.ts';
import { localizePath } from '../../../kernel/locales.ts';

/**
 * What the status says the brand runs (spec 3's hasVip and availablePromo), as the feature that
 * runs it tells it (the promotions, handed in by the app: src/app/features.ts). The system feature
 * comes first, so it is told rather than asks; nothing runs until then.
 */
let offers: () => { vip: boolean; referral: boolean; missions: boolean; points: boolean; rebate: boolean } = () => ({ vip: false, referral: false, missions: false, points: false, rebate: false });

export function provideStatusOffers(f: () => { vip: boolean; referral: boolean; missions: boolean; points: boolean; rebate: boolean }): void {
  offers = f;
}

/** The dialing codes, the country names in the caller's language. */
function countriesIn(locale: string) {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return {
    current: COUNTRIES[0]!.iso,
    list: COUNTRIES.map((c) => ({ ...c, name: names.of(c.iso) ?? c.iso })),
  };
}

export const systemRoutes = [
  route(systemStatus, async (_input, ctx) => {
    const state = await systemState();
    const status = statusFor(state, ctx.ip);
    const b = brand();
    return {
      status,
      maintenance: state.maintenance.on,
      regionRestriction: status === 2,
      maintenanceEnd: state.maintenance.on ? state.maintenance.end : null,
      maintenanceNotice: state.maintenance.on ? state.maintenance.notice : null,
      location: { ip: normaliseIp(ctx.ip) },
      info: {
        merchantCode: b.merchantCode,
        brandName: b.name,
        currency: b.currency,
        currencySymbol: b.currencySymbol,
        languages: b.languages,
        whitelabel: b.whitelabel,
        register: b.register,
        // LIVECHAT is our own chat (issue 31): its address is the site's chat page in the caller's
        // language, whatever the brand file names (FACEBOOK and TELEGRAM stay the brand's links).
        customerService: b.customerService.map((c) => (c.csType === 'LIVECHAT' ? { ...c, path: localizePath(LIVE_CHAT_PATH, ctx.locale) } : c)),
        domainRoute: { mainDomain: b.mainDomain, mirrors: b.mirrors },
        resources: b.resources,
        mainDomain: b.mainDomain,
        analytics: b.analytics,
        imageCDNs: b.imageCDNs,
        launchGameCDNs: b.launchGameCDNs,
        recommendedVendor: b.recommendedVendor,
        hasVip: offers().vip,
        availablePromo: [
          { code: 'REFERRAL' as const, enabled: offers().referral },
          { code: 'MISSION' as const, enabled: offers().missions },
          { code: 'POINTS' as const, enabled: offers().points },
          { code: 'REBATE' as const, enabled: offers().rebate },
        ],
      },
    };
  }),
  route(systemWhitelabel, () => brand().whitelabel),
  route(systemRegisterSetting, () => brand().register),
  route(systemDomainRoute, () => ({ mainDomain: brand().mainDomain, mirrors: brand().mirrors })),
  route(countryCodes, (_input, ctx) => countriesIn(ctx.locale)),
  route(countryList, (_input, ctx) => countriesIn(ctx.locale)),
];
