/** Start-up and brand calls (spec 3 permission response, 4 status rule, 7 session and member table). */
import { z } from 'zod';
import { defineCall } from '../../kernel/contract.ts';

export const whitelabelNode: z.ZodType<{ modId: string; enabled: '1' | '0'; childrenNodes: unknown[] }> = z.lazy(() =>
  z.object({ modId: z.string(), enabled: z.enum(['1', '0']), childrenNodes: z.array(whitelabelNode) }),
);

export const registerRule = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  acceptedPattern: z.string(),
  patternId: z.number().int(),
  min: z.number().int(),
  max: z.number().int(),
});

const resource = z.object({ url: z.string(), labelNameEn: z.string() });
const domainRoute = z.object({
  mainDomain: z.string(),
  mirrors: z.array(z.object({ url: z.string(), verifyCode: z.string() })),
});

export const statusValue = z.object({
  /** 0 normal, 1 maintenance, 2 region restriction (maintenance wins). */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  /** End of maintenance in ms since the epoch, when announced. */
  maintenanceEnd: z.number().nullable(),
  maintenanceNotice: z.string().nullable(),
  location: z.object({ ip: z.string() }),
  info: z.object({
    merchantCode: z.string(),
    brandName: z.string(),
    currency: z.string(),
    currencySymbol: z.string(),
    languages: z.array(z.string()),
    whitelabel: z.array(whitelabelNode),
    register: z.record(z.string(), registerRule),
    customerService: z.array(z.object({ csType: z.string(), title: z.string(), path: z.string() })),
    domainRoute,
    resources: z.record(z.string(), resource),
    mainDomain: z.string(),
    analytics: z.object({ gtagId: z.string() }),
    imageCDNs: z.array(z.string()),
    launchGameCDNs: z.array(z.string()),
    recommendedVendor: z.string(),
    /** Spec 3's hasVip: the brand runs a VIP programme (VIP items are shown only then, spec 6). */
    hasVip: z.boolean(),
    /** Spec 3's availablePromo: its REFERRAL entry, enabled while the brand runs invite friends (the avatar menu's Invite, spec 2.4, 6), MISSION, while it runs missions (the member centre's missions), and POINTS, while it runs points. */
    availablePromo: z.array(z.object({ code: z.enum(['REFERRAL', 'MISSION', 'POINTS', 'REBATE']), enabled: z.boolean() })),
  }),
});

export const systemStatus = defineCall({
  name: 'systemStatus',
  method: 'GET',
  path: '/wps/system/status',
  value: statusValue,
});

export const systemWhitelabel = defineCall({
  name: 'systemWhitelabel',
  method: 'GET',
  path: '/wps/system/whitelabel',
  // Short: an operator's change of a flag reaches every process within a second (refreshBrand).
  cacheSeconds: 5,
  value: z.array(whitelabelNode),
});

export const systemRegisterSetting = defineCall({
  name: 'systemRegisterSetting',
  method: 'GET',
  path: '/wps/system/setting/register',
  cacheSeconds: 5,
  value: z.record(z.string(), registerRule),
});

export const systemDomainRoute = defineCall({
  name: 'systemDomainRoute',
  method: 'GET',
  path: '/wps/system/domainRoute',
  cacheSeconds: 60,
  value: domainRoute,
});

export const countryCodes = defineCall({
  name: 'countryCodes',
  method: 'GET',
  path: '/wps/system/countryCode',
  cacheSeconds: 3600,
  value: z.object({
    /** The brand's default country. */
    current: z.string(),
    list: z.array(z.object({ iso: z.string(), name: z.string(), dialingCode: z.string() })),
  }),
});

/** The same list where clients of the existing API ask for it (wire notes: /wps/system/country). */
export const countryList = defineCall({ ...countryCodes, name: 'countryList', path: '/wps/system/country' });

export const systemCalls = [systemStatus, systemWhitelabel, systemRegisterSetting, systemDomainRoute, countryCodes, countryList];
