/**
 * Demo notices and banners of the demo brand, in English and Spanish. Every row is marked
 * isDemo. Seeding again replaces the earlier demo rows and leaves an operator's own rows alone.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { BannerGroup } from '../contract.ts';
import type { Locale } from '../../../kernel/locales.ts';
import { announcement, banner } from './tables.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { insertAnnouncements, type NewAnnouncement } from './announcements.ts';
import { insertBanners, type NewBanner } from './banners.ts';
import { artUrl } from './art.ts';
import { brand } from '../../../kernel/brand/index.ts';

type Texts = Record<Locale, { title: string; content: string }>;
type DemoNotice = Omit<NewAnnouncement, 'locale' | 'title' | 'content'> & { texts: Texts };

const NOTICES: DemoNotice[] = [
  {
    type: 'B',
    execution: 'B',
    sort: 10,
    texts: {
      en: {
        title: 'Welcome to Lucky Demo',
        content: '<p>Welcome to <strong>Lucky Demo</strong>, the demo brand of this platform. Balances, bonuses and winners are sample data; no real money is used.</p>',
      },
      es: {
        title: 'Bienvenido a Lucky Demo',
        content: '<p>Bienvenido a <strong>Lucky Demo</strong>, la marca de demostración de esta plataforma. Los saldos, bonos y ganadores son datos de ejemplo; no se usa dinero real.</p>',
      },
    },
  },
  {
    type: 'B',
    execution: 'B',
    sort: 20,
    texts: {
      en: {
        title: 'Official addresses',
        content: '<p>If our address is blocked, use only the addresses on the <a href="/mirrors">official mirror sites</a> page, and check any representative there first.</p>',
      },
      es: {
        title: 'Direcciones oficiales',
        content: '<p>Si nuestra dirección está bloqueada, usa solo las direcciones de la página de <a href="/es/mirrors">sitios espejo oficiales</a> y verifica allí a cualquier representante.</p>',
      },
    },
  },
  {
    type: 'B',
    execution: 'B',
    sort: 30,
    texts: {
      en: {
        title: 'Play responsibly',
        content: '<p>Gambling is prohibited for minors: you must be 18 or older to play. Read our <a href="/help#responsible-gaming">responsible gaming</a> advice.</p>',
      },
      es: {
        title: 'Juega con responsabilidad',
        content: '<p>El juego está prohibido para menores de edad: debes tener 18 años o más para jugar. Lee nuestros consejos de <a href="/es/help#responsible-gaming">juego responsable</a>.</p>',
      },
    },
  },
  {
    type: 'PU',
    execution: 'B',
    sort: 40,
    groupName: 'home',
    texts: {
      en: {
        title: 'This is a demo site',
        content:
          '<p>Lucky Demo shows what the platform can do. Register with invented details, try the games in free play, and explore the member centre.</p><p>Nothing on this site involves real money.</p>',
      },
      es: {
        title: 'Este es un sitio de demostración',
        content:
          '<p>Lucky Demo muestra lo que puede hacer la plataforma. Regístrate con datos inventados, prueba los juegos en modo gratis y explora el centro de miembros.</p><p>Nada en este sitio usa dinero real.</p>',
      },
    },
  },
  {
    type: 'PR',
    execution: 'B',
    sort: 50,
    promotionType: 'newbie',
    groupName: 'home',
    texts: {
      en: {
        title: 'Newbie bonus 100% (demo offer)',
        content: '<p>Double your first deposit up to 100.00 in play money. <a href="/promotions#5">See the rules</a>.</p>',
      },
      es: {
        title: 'Bono de bienvenida 100% (oferta de demostración)',
        content: '<p>Duplica tu primer depósito hasta 100.00 en dinero de juego. <a href="/es/promotions#5">Ver las reglas</a>.</p>',
      },
    },
  },
  {
    type: 'PL',
    execution: 'B',
    sort: 60,
    groupName: 'home',
    texts: {
      en: {
        title: 'Scheduled maintenance (demo notice)',
        content: '<p>Some live casino tables may be unavailable every Wednesday from 02:00 to 03:00 (brand time) for vendor maintenance.</p>',
      },
      es: {
        title: 'Mantenimiento programado (aviso de demostración)',
        content: '<p>Algunas mesas del casino en vivo pueden no estar disponibles los miércoles de 02:00 a 03:00 (hora de la marca) por mantenimiento del proveedor.</p>',
      },
    },
  },
  {
    type: 'B',
    execution: 'A',
    sort: 10,
    texts: {
      en: {
        title: 'Daily rebate is ready',
        content: '<p>Yesterday\'s rebate can be claimed in the reward centre until the end of today. <a href="/promotions#4">Daily rebate rules</a>.</p>',
      },
      es: {
        title: 'Tu reembolso diario está listo',
        content: '<p>El reembolso de ayer puede reclamarse en el centro de recompensas hasta el final de hoy. <a href="/es/promotions#4">Reglas del reembolso diario</a>.</p>',
      },
    },
  },
  {
    type: 'B',
    execution: 'A',
    sort: 20,
    texts: {
      en: {
        title: 'Keep your account safe',
        content: '<p>Our staff will never ask for your password or payment password. Set a payment password in the security centre.</p>',
      },
      es: {
        title: 'Mantén tu cuenta segura',
        content: '<p>Nuestro personal nunca te pedirá tu contraseña ni tu contraseña de pago. Define una contraseña de pago en el centro de seguridad.</p>',
      },
    },
  },
  {
    type: 'PR',
    execution: 'A',
    sort: 30,
    promotionType: 'daily',
    groupName: 'home',
    texts: {
      en: {
        title: 'Daily free spins (demo offer)',
        content: '<p>Claim 10 free spins on the slot of the day in the reward centre. <a href="/promotions#2">Details</a>.</p>',
      },
      es: {
        title: 'Giros gratis diarios (oferta de demostración)',
        content: '<p>Reclama 10 giros gratis en la tragamonedas del día en el centro de recompensas. <a href="/es/promotions#2">Detalles</a>.</p>',
      },
    },
  },
  {
    type: 'PU',
    execution: 'F',
    sort: 10,
    groupName: 'home',
    texts: {
      en: {
        title: 'Welcome aboard!',
        content:
          '<p>Thanks for joining Lucky Demo. Start with the <a href="/promotions#5">newbie bonus</a>, invite your friends, and set a deposit limit if you like: see <a href="/help#responsible-gaming">responsible gaming</a>.</p>',
      },
      es: {
        title: '¡Bienvenido a bordo!',
        content:
          '<p>Gracias por unirte a Lucky Demo. Empieza con el <a href="/es/promotions#5">bono de bienvenida</a>, invita a tus amigos y, si quieres, fija un límite de depósito: consulta <a href="/es/help#responsible-gaming">juego responsable</a>.</p>',
      },
    },
  },
];

type DemoBanner = Omit<NewBanner, 'locale' | 'title' | 'subtitle'> & { texts: Record<Locale, { title: string; subtitle: string }> };

const slide = (group: BannerGroup, art: number, sort: number, link: Pick<NewBanner, 'linkageType' | 'target'>, texts: DemoBanner['texts']): DemoBanner => ({
  groupName: group,
  imageUrl: artUrl(art),
  sort,
  ...link,
  texts,
});

const BANNERS: DemoBanner[] = [
  slide(
    'w_home',
    1,
    10,
    { linkageType: null, target: null },
    {
      en: { title: 'Lucky Demo', subtitle: 'Thousands of demo games, one account. No real money involved.' },
      es: { title: 'Lucky Demo', subtitle: 'Miles de juegos de demostración, una sola cuenta. Sin dinero real.' },
    },
  ),
  slide(
    'w_home',
    2,
    20,
    { linkageType: 'PROMO', target: '5' },
    {
      en: { title: 'Newbie bonus 100%', subtitle: 'Double your first deposit up to 100.00. Demo offer.' },
      es: { title: 'Bono de bienvenida 100%', subtitle: 'Duplica tu primer depósito hasta 100.00. Oferta de demostración.' },
    },
  ),
  slide(
    'w_home',
    3,
    30,
    { linkageType: 'URL', target: '/promotions#2' },
    {
      en: { title: 'Daily free spins', subtitle: '10 free spins on the slot of the day. Demo offer.' },
      es: { title: 'Giros gratis diarios', subtitle: '10 giros gratis en la tragamonedas del día. Oferta de demostración.' },
    },
  ),
  slide(
    'w_home',
    4,
    40,
    { linkageType: 'URL', target: '/promotions#4' },
    {
      en: { title: 'Daily rebate up to 1.2%', subtitle: 'Win or lose, get a share of your bets back. Demo offer.' },
      es: { title: 'Reembolso diario de hasta 1.2%', subtitle: 'Ganes o pierdas, recupera parte de tus apuestas. Oferta de demostración.' },
    },
  ),
  slide(
    'w_leftmenu',
    5,
    10,
    { linkageType: 'PROMO', target: '1' },
    {
      en: { title: 'Invite friends', subtitle: 'A bonus for you and your friend. Demo offer.' },
      es: { title: 'Invita a tus amigos', subtitle: 'Un bono para ti y para tu amigo. Oferta de demostración.' },
    },
  ),
  slide(
    'w_login',
    6,
    10,
    { linkageType: null, target: null },
    {
      en: { title: 'Welcome back', subtitle: 'Log in to play, claim rewards and read your messages.' },
      es: { title: 'Bienvenido de nuevo', subtitle: 'Inicia sesión para jugar, reclamar recompensas y leer tus mensajes.' },
    },
  ),
  slide(
    'w_register',
    7,
    10,
    { linkageType: 'PROMO', target: '5' },
    {
      en: { title: 'Join Lucky Demo', subtitle: 'Sign up in a minute and get the newbie bonus. Demo offer.' },
      es: { title: 'Únete a Lucky Demo', subtitle: 'Regístrate en un minuto y obtén el bono de bienvenida. Oferta de demostración.' },
    },
  ),
];

const SEED_LOCALES: Locale[] = ['en', 'es'];

/** The demo texts name the brand being seeded (written for the first demo brand). */
function named<T extends Record<string, unknown>>(texts: T): T {
  const name = brand().name;
  return Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, typeof v === 'string' ? v.replaceAll('Lucky Demo', name) : v])) as T;
}

/** Replaces the demo notices and banners (isDemo rows) with the ones above, in one transaction. */
export async function seedContent(d: Db): Promise<void> {
  await d.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // Rows the studio already holds (adopted: adopt.ts) are its documents now, not this seed's.
    await t.delete(announcement).where(and(eq(announcement.isDemo, true), isNull(announcement.entryId)));
    await t.delete(banner).where(and(eq(banner.isDemo, true), isNull(banner.entryId)));
    await insertAnnouncements(
      t,
      SEED_LOCALES.flatMap((locale) => NOTICES.map(({ texts, ...n }) => ({ ...n, ...named(texts[locale]), locale, isDemo: true }))),
    );
    await insertBanners(
      t,
      SEED_LOCALES.flatMap((locale) => BANNERS.map(({ texts, ...b }) => ({ ...b, ...named(texts[locale]), locale, isDemo: true }))),
    );
  });
}
