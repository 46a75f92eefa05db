// The FAQ of `/faq` (SPEC §2: six sections). Every fact is from SPEC (§1 features and sign-in,
// §4 editing before payment, §5 uploads and complaints, §9 limits and support hours); the admin's
// CMS blocks are to replace this text later (issue 13 item 7).

export type FaqSection = 'about' | 'preparing' | 'payment' | 'delivery' | 'problems' | 'rules';
export const FAQ_SECTIONS: readonly FaqSection[] = ['about', 'preparing', 'payment', 'delivery', 'problems', 'rules'];

export interface FaqEntry {
  /** The question's id in the page's address (`/faq#<id>`), the same in both languages. */
  id: string;
  section: FaqSection;
  question: string;
  answer: string;
}

type FaqText = Omit<FaqEntry, 'id'>;

/** The questions in both languages, in the same order (the Latvian one answers the English one). */
const TEXTS: Record<'en' | 'lv', readonly FaqText[]> = {
  en: [
    {
      section: 'about',
      question: 'Do I need an account to send a shipment?',
      answer:
        'No. Without signing in you can prepare and pay for shipments, track them, use the price calculator and the map of the postal network. Only registered users keep their data, address book and order history, and only they can save an unfinished order.',
    },
    {
      section: 'about',
      question: 'How do I sign in?',
      answer:
        'Sign in with e-mail and password, Smart-ID or eParaksts. With a verified identity (Smart-ID or eParaksts) you skip the robot check when you save orders.',
    },
    {
      section: 'preparing',
      question: 'How big may a parcel for a parcel locker be?',
      answer:
        'A parcel for a parcel locker may weigh up to 30 kg and measure up to 38 × 38 × 58 cm. A larger parcel is sent with a courier.',
    },
    {
      section: 'preparing',
      question: 'What are the limits for a letter?',
      answer:
        'A letter weighs up to 2 kg and is at most 2 cm thick; length, width and thickness together stay under 90 cm, the length is at most 60 cm and the letter is at least 9 × 14 cm.',
    },
    {
      section: 'preparing',
      question: 'What do I declare for a shipment outside the EU?',
      answer:
        'List the content: up to 10 items per shipment, each with its description, goods code (HS code), quantity, weight and value. Goods worth more than 1000 EUR in total also need an export customs declaration.',
    },
    {
      section: 'payment',
      question: 'When do I pay, and can I change an order afterwards?',
      answer:
        'You pay in the last step of the order. An order can be corrected, edited, cancelled or deleted only before payment; after payment, changes go through customer support.',
    },
    {
      section: 'payment',
      question: 'How much does insurance cost?',
      answer:
        'Insurance is a percentage of the insured amount plus VAT, at least 1 EUR. The price calculator and the order summary show the exact amount before you pay.',
    },
    {
      section: 'delivery',
      question: 'How long does delivery within Latvia take?',
      answer:
        'Within Latvia a shipment is delivered in one working day. Delivery times count working days only: public holidays and weekends are not counted.',
    },
    {
      section: 'delivery',
      question: 'Can a courier pick up my parcel?',
      answer: 'Yes: choose courier pick-up when you prepare the order and give a pick-up interval of at least 2 hours.',
    },
    {
      section: 'problems',
      question: 'My shipment arrived damaged or did not arrive. What do I do?',
      answer:
        'File a complaint with the complaint form: describe the problem, give the shipment number and the bank account (IBAN) for a refund. You get a submission number and an e-mail, and our answer appears in your list of complaints.',
    },
    {
      section: 'problems',
      question: 'Which documents can I attach to a complaint?',
      answer:
        'Documents and pictures in doc, docx, png, pdf, xlsx, eDoc, jpg, jpeg, heic or webp format, up to 30 MB per file.',
    },
    {
      section: 'rules',
      question: 'Where are the rules of the service?',
      answer:
        'The terms of use, the privacy policy, the cookie policy, the delivery deadlines and the prohibitions and restrictions each have their own page in the portal.',
    },
    {
      section: 'rules',
      question: 'When is customer support available?',
      answer: 'Customer support answers Monday to Friday 8:00–19:00 and Saturday 9:00–17:00; it is closed on Sundays.',
    },
  ],
  lv: [
    {
      section: 'about',
      question: 'Vai sūtījuma nosūtīšanai ir vajadzīgs konts?',
      answer:
        'Nē. Arī nepieslēdzoties varat sagatavot un apmaksāt sūtījumus, tos izsekot, lietot cenu kalkulatoru un pasta tīkla karti. Tikai reģistrēti lietotāji saglabā savus datus, adrešu grāmatu un pasūtījumu vēsturi, un tikai viņi var saglabāt nepabeigtu pasūtījumu.',
    },
    {
      section: 'about',
      question: 'Kā pieslēgties?',
      answer:
        'Pieslēdzieties ar e-pastu un paroli, Smart-ID vai eParaksts. Ar apstiprinātu identitāti (Smart-ID vai eParaksts), saglabājot pasūtījumus, robotu pārbaude nav jāiziet.',
    },
    {
      section: 'preparing',
      question: 'Cik lielu paku var sūtīt uz pakomātu?',
      answer:
        'Paka pakomātam var svērt līdz 30 kg, un tās izmēri nedrīkst pārsniegt 38 × 38 × 58 cm. Lielāku paku sūta ar kurjeru.',
    },
    {
      section: 'preparing',
      question: 'Kādi ir vēstules ierobežojumi?',
      answer:
        'Vēstule sver līdz 2 kg un ir ne biezāka par 2 cm; garuma, platuma un biezuma summa ir mazāka par 90 cm, garums nepārsniedz 60 cm, un vēstule ir vismaz 9 × 14 cm liela.',
    },
    {
      section: 'preparing',
      question: 'Kas jādeklarē sūtījumam ārpus ES?',
      answer:
        'Norādiet saturu: līdz 10 precēm sūtījumā, katrai aprakstu, preču kodu (HS kodu), daudzumu, svaru un vērtību. Ja preču kopējā vērtība pārsniedz 1000 EUR, vajadzīga arī eksporta muitas deklarācija.',
    },
    {
      section: 'payment',
      question: 'Kad jāmaksā, un vai pasūtījumu pēc tam var mainīt?',
      answer:
        'Maksā pasūtījuma pēdējā solī. Pasūtījumu var labot, rediģēt, atcelt vai dzēst tikai pirms apmaksas; pēc apmaksas izmaiņas veic ar klientu atbalsta starpniecību.',
    },
    {
      section: 'payment',
      question: 'Cik maksā apdrošināšana?',
      answer:
        'Apdrošināšana ir procents no apdrošinātās summas plus PVN, ne mazāk kā 1 EUR. Precīzu summu pirms apmaksas rāda cenu kalkulators un pasūtījuma kopsavilkums.',
    },
    {
      section: 'delivery',
      question: 'Cik ilgi notiek piegāde Latvijā?',
      answer:
        'Latvijā sūtījumu piegādā vienas darba dienas laikā. Piegādes termiņos skaita tikai darba dienas: svētku dienas un brīvdienas netiek skaitītas.',
    },
    {
      section: 'delivery',
      question: 'Vai kurjers var paku paņemt no manis?',
      answer: 'Jā: sagatavojot pasūtījumu, izvēlieties kurjera izsaukumu un norādiet vismaz 2 stundu laika intervālu.',
    },
    {
      section: 'problems',
      question: 'Sūtījums pienāca bojāts vai nepienāca. Ko darīt?',
      answer:
        'Iesniedziet sūdzību ar sūdzības veidlapu: aprakstiet problēmu, norādiet sūtījuma numuru un bankas kontu (IBAN) atmaksai. Saņemsiet iesnieguma numuru un e-pastu, bet mūsu atbilde parādīsies jūsu sūdzību sarakstā.',
    },
    {
      section: 'problems',
      question: 'Kādus dokumentus var pievienot sūdzībai?',
      answer:
        'Dokumentus un attēlus formātā doc, docx, png, pdf, xlsx, eDoc, jpg, jpeg, heic vai webp, līdz 30 MB katram failam.',
    },
    {
      section: 'rules',
      question: 'Kur atrodami pakalpojuma noteikumi?',
      answer:
        'Lietošanas noteikumi, privātuma politika, sīkdatņu politika, piegādes termiņi un aizliegumi un ierobežojumi katrs ir atsevišķā portāla lapā.',
    },
    {
      section: 'rules',
      question: 'Kad strādā klientu atbalsts?',
      answer:
        'Klientu atbalsts atbild pirmdienās līdz piektdienās 8:00–19:00 un sestdienās 9:00–17:00; svētdienās tas nestrādā.',
    },
  ],
};

/** Lower case without diacritics: "Piegāde" and "piegade" match (Latvian visitors often type without). */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The entries whose question or answer contains every word of the query, diacritics ignored. */
export function searchFaq(entries: readonly FaqEntry[], query: string): FaqEntry[] {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const text = foldForSearch(`${entry.question} ${entry.answer}`);
    return words.every((word) => text.includes(word));
  });
}

/** A question's id: its English wording folded to `a-z0-9` words joined by `-`. */
export function faqEntryId(englishQuestion: string): string {
  return foldForSearch(englishQuestion)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The questions with their ids: a link to one opens the same question in either language. */
export const FAQ: Record<'en' | 'lv', readonly FaqEntry[]> = {
  en: TEXTS.en.map((text) => ({ ...text, id: faqEntryId(text.question) })),
  lv: TEXTS.lv.map((text, index) => ({ ...text, id: faqEntryId(TEXTS.en[index]?.question ?? text.question) })),
};
