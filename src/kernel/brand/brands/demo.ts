/**
 * The demo brand shipped with the project. Its names, numbers and addresses are demo values:
 * an operator deploying a real brand copies this file and sets BRAND to its name.
 */
import type { Brand, RegisterRule } from '../types.ts';

const rule = (r: Partial<RegisterRule> & Pick<RegisterRule, 'patternId'>): RegisterRule => ({
  enabled: true,
  required: false,
  acceptedPattern: String(r.patternId),
  min: 0,
  max: 255,
  ...r,
});

const flag = (modId: string, on: boolean) => ({ modId, enabled: on ? ('1' as const) : ('0' as const), childrenNodes: [] });

export const demoBrand: Brand = {
  merchantCode: 'DEMO',
  name: 'Lucky Demo',
  currency: 'USD',
  currencySymbol: '$',
  currencyDecimals: 2,
  mainDomain: 'lucky-demo.example',
  timeZone: 'America/Mexico_City',
  languages: ['en', 'es'],
  defaultLanguage: 'en',
  whitelabel: [
    {
      modId: 'ACCOUNT',
      enabled: '1',
      childrenNodes: [
        flag('MOBILENUMREG3', true),
        flag('REGMOBVERF3', true),
        flag('MOBILENUMPASSREG3', true),
        flag('FREEPLAY3', true),
        flag('PWDEXPFORCECHANGE3', true),
        flag('MOBILEVERCODELOGIN3', true),
        flag('CHNGPASSMAIL3', true),
        flag('CHNGPASSVERIF3', true),
      ],
    },
    { modId: 'AGENT', enabled: '1', childrenNodes: [flag('AGENTPOLICY3', true)] },
  ],
  register: {
    username: rule({ required: true, patternId: 1, min: 6, max: 16 }),
    password: rule({ required: true, patternId: 0, min: 6, max: 20 }),
    payeeName: rule({ enabled: false, patternId: 7, min: 2, max: 50 }),
    paymentPassword: rule({ enabled: false, patternId: 2, min: 6, max: 6 }),
    email: rule({ patternId: 3, min: 5, max: 60 }),
    mobileNum: rule({ patternId: 2, min: 8, max: 11 }),
    qqNum: rule({ enabled: false, patternId: 2, min: 5, max: 12 }),
    line: rule({ enabled: false, acceptedPattern: '*', patternId: 0, min: 1, max: 50 }),
    whatsapp: rule({ enabled: false, patternId: 2, min: 6, max: 15 }),
    facebook: rule({ enabled: false, acceptedPattern: '*', patternId: 0, min: 1, max: 50 }),
    wechat: rule({ enabled: false, acceptedPattern: '*', patternId: 0, min: 1, max: 50 }),
    idNumber: rule({ enabled: false, patternId: 0, min: 6, max: 20 }),
    recommenderId: rule({ enabled: false, patternId: 0, min: 4, max: 20 }),
    affiliateCode: rule({ patternId: 0, min: 4, max: 20 }),
    captcha: rule({ enabled: false, patternId: 2, min: 4, max: 4 }),
  },
  customerService: [
    { csType: 'TELEGRAM', title: 'Telegram (English)', path: 'https://t.me/lucky_demo_support' },
    { csType: 'TELEGRAM', title: 'Telegram (Español)', path: 'https://t.me/lucky_demo_soporte' },
    { csType: 'FACEBOOK', title: 'Facebook', path: 'https://facebook.com/luckydemo' },
  ],
  resources: {
    FACEBOOK: { url: 'https://facebook.com/luckydemo', labelNameEn: 'Facebook' },
    TELEGRAM: { url: 'https://t.me/lucky_demo', labelNameEn: 'Telegram' },
    WHATSAPP: { url: 'https://wa.me/5215500000000', labelNameEn: 'WhatsApp' },
    VIBER: { url: 'viber://chat?number=5215500000000', labelNameEn: 'Viber' },
    GEOGLE: { url: 'mailto:support@lucky-demo.example', labelNameEn: 'Email' },
    CURACAO: { url: 'https://validator.curacao-egaming.com/', labelNameEn: 'Curacao eGaming licence' },
  },
  mirrors: [
    { url: 'https://lucky-demo.example', verifyCode: 'LD-7Q2K' },
    { url: 'https://lucky-demo1.example', verifyCode: 'LD-3M8P' },
    { url: 'https://lucky-demo2.example', verifyCode: 'LD-9X4C' },
  ],
  imageCDNs: [''],
  launchGameCDNs: [''],
  analytics: { gtagId: '' },
  recommendedVendor: 'JL',
  vendorMap: {
    RNG: ['JL', 'PG', 'PP', 'JDB', 'CQ9', 'FC', 'KA', 'SPB'],
    FISH: ['JL', 'JDB', 'FC', 'KA', 'CQ9'],
    PVP: ['JL', 'KM', 'V8'],
    LIVE: ['EG4', 'SEXY', 'DG'],
    SPORTS: ['SBO', 'BTI', 'SV3', 'IMES', 'TF', 'IA', 'AV', 'AI', 'DS88', 'DIG', 'WGB'],
    ESPORTS: ['IMES', 'TF', 'IA', 'AV', 'AI', 'DS88', 'DIG', 'WGB'],
    LOTT: ['TCG_LOTTO_VN', 'LOTT'],
    ELOTT: ['ELOTT', 'TCG_SEA'],
    COCKFIGHT: ['SV3', 'WS168'],
  },
  newGameMap: ['PG', 'JL', 'PP'],
  hiddenNavCodes: ['JL'],
  licences: {
    curacao: { number: 'DEMO-8048/JAZ', holder: 'Lucky Demo N.V.' },
    mexico: { number: 'DEMO-DGJS/0000/2026', holder: 'Operadora Lucky Demo S.A. de C.V.' },
  },
  supportHours: { fromDay: 1, toDay: 5, opens: '12:00', closes: '21:00' },
  withdrawalAutoReceiveMinutes: 30,
  accounts: {
    weakDefaultPassword: '123456',
    passwordMaxAgeDays: 90,
    smsExpiredMinutes: 5,
    defaultDialingCode: '52',
    powDifficulty: 16,
  },
  wallet: {
    // Game wallets per vendor: the transfer page has something to do, and the header shows the
    // sum of all wallets either way (docs/architecture.md, Wallet).
    singleWallet: false,
    withdrawMin: 10_00n,
    withdrawMax: 50_000_00n,
    maxAmount: 1_000_000_00n,
    depositChannels: [
      { code: 'SANDBOX_CARD', name: 'Card (sandbox)', min: 5_00n, max: 20_000_00n, provider: 'sandbox' },
      { code: 'SANDBOX_BANK', name: 'Bank transfer (sandbox)', min: 50_00n, max: 100_000_00n, provider: 'sandbox' },
    ],
  },
};
