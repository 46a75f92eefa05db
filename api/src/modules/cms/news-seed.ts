/** A news card as the seed writes it; it becomes the CMS block `news-<slug>` of kind `news`. */
export interface NewsSeedItem {
  slug: string;
  titleEn: string;
  titleLv: string;
  textEn: string;
  textLv: string;
  linkPath: string | null;
  publishedAt: Date;
  expiresAt: Date | null;
}

/**
 * Service news about the portal and the network, every fact from `../shared/data` (sources in
 * brackets) and no price. Dates are written DD.MM.YYYY as the portal shows them.
 */
export const NEWS_SEED: readonly NewsSeedItem[] = [
  {
    // Public holidays of Latvia (holidays-lv-lt-ee-2025-2027.json, made with date-holidays):
    // 24.12, 25.12, 26.12, 31.12.2026 and 01.01.2027. SPEC §9: delivery times count working days.
    slug: 'holidays-2026-12',
    titleEn: 'Christmas and New Year: holidays are not working days',
    titleLv: 'Ziemassvētki un Jaunais gads: svētku dienas nav darba dienas',
    textEn:
      '24.12., 25.12., 26.12. and 31.12.2026 and 01.01.2027 are public holidays in Latvia. Shipments are not delivered and couriers do not pick up on these days, and the delivery times shown in the portal count working days only. Send your gifts in good time.',
    textLv:
      '24.12., 25.12., 26.12. un 31.12.2026, kā arī 01.01.2027 Latvijā ir svētku dienas. Šajās dienās sūtījumi netiek piegādāti un kurjers tos nesavāc, bet portālā norādītie piegādes termiņi ietver tikai darba dienas. Sūtiet dāvanas laikus!',
    linkPath: '/deadlines',
    publishedAt: new Date('2026-11-20T08:00:00Z'),
    expiresAt: new Date('2027-01-02T00:00:00Z'),
  },
  {
    // The portal's sign-in methods (infra/dev-idp and SPEC §4: a verified identity needs no bot check).
    slug: 'sign-in-smart-id-eparaksts',
    titleEn: 'Sign in with Smart-ID or eParaksts',
    titleLv: 'Pieslēdzieties ar Smart-ID vai eParaksts',
    textEn:
      'Besides e-mail and password, you can now sign in to the portal with Smart-ID or eParaksts mobile. With a verified identity you save orders without the robot check, and your orders and address book are waiting for you on any device.',
    textLv:
      'Papildus e-pastam un parolei portālā tagad var pieslēgties arī ar Smart-ID vai eParaksts mobile. Ar apstiprinātu identitāti pasūtījumus saglabāsiet bez robotu pārbaudes, un jūsu pasūtījumi un adrešu grāmata būs pieejami jebkurā ierīcē.',
    linkPath: null,
    publishedAt: new Date('2026-10-05T08:00:00Z'),
    expiresAt: null,
  },
  {
    // pasts.lv news 5823 (27.07.2020): any post office to any parcel locker, ≤ 31.5 kg and ≤ 38 × 38 × 58 cm;
    // news 5862 (04.09.2020): items wait in a parcel locker for seven days.
    slug: 'any-post-office-to-any-parcel-locker',
    titleEn: 'From any post office to any parcel locker',
    titleLv: 'No jebkuras pasta nodaļas uz jebkuru pakomātu',
    textEn:
      'A parcel handed over at any post office can go to any Latvijas Pasts parcel locker, up to 31.5 kg and 38 × 38 × 58 cm. The receiver has seven days to collect it. Choose the parcel locker on the map when you prepare the order.',
    textLv:
      'Jebkurā pasta nodaļā nodotu paku var nosūtīt uz jebkuru Latvijas Pasta pakomātu, ja tā sver līdz 31,5 kg un nepārsniedz 38 × 38 × 58 cm. Saņēmējam to jāizņem septiņu dienu laikā. Pakomātu izvēlieties kartē, sagatavojot pasūtījumu.',
    linkPath: '/postal-network',
    publishedAt: new Date('2026-09-01T08:00:00Z'),
    expiresAt: null,
  },
  {
    // bb.lv (11.10.2025): from 01.11.2025 Riga post offices outside shopping centres open 9:00–18:00 on working days.
    slug: 'riga-post-office-hours-2025-11',
    titleEn: 'Longer opening hours in Riga',
    titleLv: 'Garāks darba laiks Rīgā',
    textEn:
      'Since 01.11.2025 the post offices in Riga outside shopping centres are open 9:00–18:00 on working days. Opening hours of every post office are on the map of the postal network.',
    textLv:
      'Kopš 01.11.2025 Rīgas pasta nodaļas ārpus tirdzniecības centriem darba dienās ir atvērtas no 9:00 līdz 18:00. Katras pasta nodaļas darba laiks ir redzams pasta tīkla kartē.',
    linkPath: '/postal-network',
    publishedAt: new Date('2025-10-20T08:00:00Z'),
    expiresAt: null,
  },
];
