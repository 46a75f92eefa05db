import { RETURN_CODES, RETURN_MESSAGES } from '../returns';
import type { Locale } from './locale';

/**
 * The API's messages in English and Latvian side by side, keyed by the stable `code` an error or a
 * violation carries (SPEC §1: the API answers in English; the interface shows Latvian). One
 * catalogue for the shell and for the parcels that run without it; the API words its own refusals
 * from the same entries (api/src/http, idempotency, API versions).
 *
 * A code that names one fault has one text. A code that names a kind of fault (NOT_FOUND, TOO_BIG,
 * INVALID_PHONE...) has several, told apart by the English the API sent; its first text is its
 * general wording, shown when none matches. A few keys are the screens' own (recaptchaError,
 * finishSelection, NETWORK_ERROR) or name texts the API sends without a code (a webhook delivery's
 * failure, an eBay sale's state).
 *
 * Its own entry (`@portal/shared-contracts/i18n/server-messages`, since 2.0.0), bundled where it is
 * imported and never shared: the shell loads it beside the page, only for Latvian, instead of with
 * the first paint (issue 18; ~9 KB gzip then, ~13 KB since issue 39 put the English beside it).
 */
export interface ServerText {
  readonly en: string;
  readonly lv: string;
}

type ReturnCode = (typeof RETURN_CODES)[keyof typeof RETURN_CODES];

/** The returns' codes (issue 40 item 1) with their texts, kept once in `@portal/shared-contracts/returns`. */
const RETURN_TEXTS = Object.fromEntries(
  (Object.keys(RETURN_CODES) as (keyof typeof RETURN_CODES)[]).map((key) => [
    RETURN_CODES[key],
    { en: RETURN_MESSAGES.en[key], lv: RETURN_MESSAGES.lv[key] },
  ]),
) as { readonly [code in ReturnCode]: ServerText };

export const SERVER_MESSAGES = {
  ...RETURN_TEXTS,
  NOT_FOUND: [
    { en: 'Not Found', lv: 'Nav atrasts' },
    { en: 'Not found', lv: 'Nav atrasts' },
    { en: 'Page not found', lv: 'Lapa nav atrasta' },
    { en: 'Country not found', lv: 'Valsts nav atrasta' },
    { en: 'Complaint not found.', lv: 'Sūdzība nav atrasta.' },
    { en: 'Attachment not found.', lv: 'Pielikums nav atrasts.' },
    { en: 'Page not found.', lv: 'Lapa nav atrasta.' },
    { en: 'Cache not found.', lv: 'Kešatmiņa nav atrasta.' },
    { en: 'This day is not one of the post’s days off.', lv: 'Šī diena nav pasta brīvdiena.' },
    { en: 'Notification not found.', lv: 'Paziņojums nav atrasts.' },
    { en: 'Account not found.', lv: 'Konts nav atrasts.' },
    { en: 'User not found.', lv: 'Lietotājs nav atrasts.' },
    {
      en: 'The order has no hand-over code: it is not paid.',
      lv: 'Pasūtījumam nav nodošanas koda: tas nav apmaksāts.',
    },
    { en: 'No order found. Please reload', lv: 'Pasūtījums nav atrasts. Lūdzu, pārlādējiet lapu' },
    { en: 'Contact not found.', lv: 'Kontakts nav atrasts.' },
    { en: 'Company application not found.', lv: 'Uzņēmuma pieteikums nav atrasts.' },
    { en: 'Phone verification not found.', lv: 'Tālruņa verifikācija nav atrasta.' },
    { en: 'Saved goods code not found.', lv: 'Saglabātais preču kods nav atrasts.' },
    { en: 'User of the account not found.', lv: 'Konta lietotājs nav atrasts.' },
    { en: 'API key not found.', lv: 'API atslēga nav atrasta.' },
    { en: 'Webhook endpoint not found.', lv: 'Tīmekļa āķa galapunkts nav atrasts.' },
    { en: 'Webhook delivery not found.', lv: 'Tīmekļa āķa piegāde nav atrasta.' },
  ],
  FORBIDDEN: [
    { en: 'Access Denied.', lv: 'Piekļuve liegta.' },
    { en: 'Access denied.', lv: 'Piekļuve liegta.' },
    { en: 'A bot check is required for this request.', lv: 'Šim pieprasījumam nepieciešama robotu pārbaude.' },
    { en: 'The bot check failed. Please try again.', lv: 'Robotu pārbaude neizdevās. Lūdzu, mēģiniet vēlreiz.' },
    {
      en: 'Your user is blocked. Contact customer support.',
      lv: 'Jūsu lietotājs ir bloķēts. Sazinieties ar klientu atbalstu.',
    },
    { en: 'This profile has been deleted.', lv: 'Šis profils ir dzēsts.' },
    {
      en: 'Webhooks are offered to company accounts, managed by their main administrators.',
      lv: 'Tīmekļa āķi pieejami uzņēmumu kontiem, un tos pārvalda to galvenie administratori.',
    },
  ],
  UNAUTHENTICATED: [
    {
      en: 'Full authentication is required to access this resource.',
      lv: 'Lai piekļūtu šim resursam, nepieciešams pieslēgties.',
    },
  ],
  INTERNAL_ERROR: [
    {
      en: 'Internal server error',
      lv: 'Iekšēja servera kļūda. Lūdzu, mēģiniet vēlreiz; ja kļūda atkārtojas, sazinieties ar klientu atbalstu.',
    },
    { en: 'A general error occurred', lv: 'Radās vispārēja kļūda' },
  ],
  VALIDATION_FAILED: [
    { en: 'Several errors occurred', lv: 'Radās vairākas kļūdas' },
    { en: 'The file should hold a JSON array of locations.', lv: 'Failā jābūt vietu JSON masīvam.' },
    {
      en: 'Order or order line not found or not in a printable status.',
      lv: 'Pasūtījums vai sūtījums nav atrasts vai nav drukājamā statusā.',
    },
    {
      en: 'The order is paid or cancelled and cannot be changed.',
      lv: 'Pasūtījums ir apmaksāts vai atcelts, un to nevar mainīt.',
    },
    { en: 'The order is already paid.', lv: 'Pasūtījums jau ir apmaksāts.' },
    { en: 'The order was cancelled and cannot be paid.', lv: 'Pasūtījums ir atcelts, un to nevar apmaksāt.' },
    { en: 'API keys are for company accounts only.', lv: 'API atslēgas ir paredzētas tikai uzņēmumu kontiem.' },
    { en: 'An account may have at most 50 API keys.', lv: 'Kontam var būt ne vairāk kā 50 API atslēgu.' },
  ],
  BAD_REQUEST: [
    { en: 'The request is not valid.', lv: 'Pieprasījums nav derīgs.' },
    { en: 'Malformed JSON in request body', lv: 'Pieprasījuma saturs nav derīgs JSON' },
    { en: 'Unknown query parameter', lv: 'Nezināms vaicājuma parametrs' },
    { en: 'The bot check failed. Please try again.', lv: 'Robotu pārbaude neizdevās. Lūdzu, mēģiniet vēlreiz.' },
  ],
  CONFLICT: [
    { en: 'This cannot be done in the current state.', lv: 'Pašreizējā stāvoklī to nevar izdarīt.' },
    {
      en: 'The order was changed in the meantime. Reload it and try again.',
      lv: 'Pasūtījums pa to laiku ir mainīts. Pārlādējiet to un mēģiniet vēlreiz.',
    },
  ],
  METHOD_NOT_ALLOWED: [{ en: 'This address does not take this method.', lv: 'Šī adrese neatbalsta šo metodi.' }],
  PAYLOAD_TOO_LARGE: [
    { en: 'The request is too large.', lv: 'Pieprasījums ir pārāk liels.' },
    { en: 'The file is larger than 30 MB.', lv: 'Fails ir lielāks par 30 MB.' },
  ],
  URI_TOO_LONG: [{ en: 'The URL is too long.', lv: 'URL ir pārāk garš.' }],
  UNSUPPORTED_MEDIA_TYPE: [{ en: 'This content type is not accepted.', lv: 'Šis satura tips netiek pieņemts.' }],
  RATE_LIMITED: [
    { en: 'Too many requests. Please try again later.', lv: 'Pārāk daudz pieprasījumu. Lūdzu, mēģiniet vēlāk.' },
    {
      en: 'Please wait until you can ask for a new code.',
      lv: 'Lūdzu, uzgaidiet, līdz varēsiet pieprasīt jaunu kodu.',
    },
    {
      en: 'Too many codes were asked for this hour. Please try again later.',
      lv: 'Šajā stundā pieprasīts pārāk daudz kodu. Lūdzu, mēģiniet vēlāk.',
    },
  ],
  SERVICE_UNAVAILABLE: [
    {
      en: 'The service is briefly unavailable. Please try again in a few seconds.',
      lv: 'Pakalpojums īslaicīgi nav pieejams. Lūdzu, mēģiniet vēlreiz pēc dažām sekundēm.',
    },
    {
      en: 'The verification code could not be sent. Please try again later.',
      lv: 'Verifikācijas kodu neizdevās nosūtīt. Lūdzu, mēģiniet vēlāk.',
    },
  ],
  INVALID_TYPE: [
    { en: 'Invalid value type.', lv: 'Nederīgs vērtības tips.' },
    { en: 'This value should be a whole number of millimetres.', lv: 'Šai vērtībai jābūt veselam milimetru skaitlim.' },
    { en: 'This value should be a number.', lv: 'Šai vērtībai jābūt skaitlim.' },
    { en: 'This value should be true or false.', lv: 'Šai vērtībai jābūt “jā” vai “nē”.' },
    { en: 'Give the key a name.', lv: 'Ievadiet atslēgas nosaukumu.' },
    { en: 'Choose at least one permission.', lv: 'Izvēlieties vismaz vienu atļauju.' },
    { en: 'A weight is a whole number of grams.', lv: 'Svaru norāda veselos gramos.' },
    { en: 'A price is a whole number of cents.', lv: 'Cenu norāda veselos centos.' },
    { en: 'Delivery days are a whole number from 0 to 60.', lv: 'Piegādes dienas ir vesels skaitlis no 0 līdz 60.' },
    { en: 'This value should be a list of sales.', lv: 'Šai vērtībai jābūt pārdevumu sarakstam.' },
  ],
  INVALID_FORMAT: [
    { en: 'This value is not valid.', lv: 'Šī vērtība nav derīga.' },
    {
      en: 'Names may contain only Latin letters, dash, dot and apostrophe.',
      lv: 'Vārdā drīkst būt tikai latīņu burti, defise, punkts un apostrofs.',
    },
    { en: 'This value should contain digits only.', lv: 'Šajā laukā drīkst būt tikai cipari.' },
    { en: 'This value is not a valid registration number.', lv: 'Šis nav derīgs reģistrācijas numurs.' },
    { en: 'This value is not a valid order key.', lv: 'Šī nav derīga pasūtījuma atslēga.' },
    { en: 'This value should be an HS code of 2 to 10 digits.', lv: 'HS kodā jābūt no 2 līdz 10 cipariem.' },
    { en: 'The country code has two letters.', lv: 'Valsts kodā ir divi burti.' },
    { en: 'This value should be a date as YYYY-MM-DD.', lv: 'Šai vērtībai jābūt datumam formātā GGGG-MM-DD.' },
    {
      en: 'The key may contain lower-case Latin letters, digits and dashes (at most 80).',
      lv: 'Atslēgā drīkst būt mazie latīņu burti, cipari un domuzīmes (ne vairāk kā 80).',
    },
  ],
  INVALID_VALUE: [
    { en: 'This value is not a valid choice.', lv: 'Šī vērtība nav derīga izvēle.' },
    { en: 'This value should be one of: LV, LT, EE.', lv: 'Jānorāda viena no valstīm: LV, LT, EE.' },
    { en: 'This value should be parcelLocker or postOffice.', lv: 'Jānorāda pakomāts vai pasta nodaļa.' },
    { en: 'This value should be active, retired or all.', lv: 'Jānorāda active, retired vai all.' },
  ],
  TOO_BIG: [
    { en: 'This value is above the limit.', lv: 'Šī vērtība pārsniedz pieļaujamo robežu.' },
    { en: 'This value should be 3000 or less.', lv: 'Šai vērtībai jābūt ne lielākai par 3000.' },
    {
      en: 'This value is too long. It should have 100 characters or less.',
      lv: 'Vērtība ir par garu. Tajā drīkst būt ne vairāk kā 100 rakstzīmes.',
    },
    {
      en: 'This value is too long. It should have 120 characters or less.',
      lv: 'Vērtība ir par garu. Tajā drīkst būt ne vairāk kā 120 rakstzīmes.',
    },
    {
      en: 'This value is too long. It should have 200 characters or less.',
      lv: 'Vērtība ir par garu. Tajā drīkst būt ne vairāk kā 200 rakstzīmes.',
    },
    {
      en: 'This value is too long. It should have 300 characters or less.',
      lv: 'Vērtība ir par garu. Tajā drīkst būt ne vairāk kā 300 rakstzīmes.',
    },
    {
      en: 'This value is too long. It should have 1000 characters or less.',
      lv: 'Vērtība ir par garu. Tajā drīkst būt ne vairāk kā 1000 rakstzīmes.',
    },
    { en: 'The name may be at most 100 characters.', lv: 'Nosaukumā var būt ne vairāk kā 100 rakstzīmes.' },
    { en: 'This value is too long.', lv: 'Šī vērtība ir pārāk gara.' },
    { en: 'A weight can be at most 100000 g.', lv: 'Svars var būt ne vairāk kā 100000 g.' },
    { en: 'A price is at most 1,000,000.00 EUR.', lv: 'Cena var būt ne vairāk kā 1 000 000,00 EUR.' },
    { en: 'Delivery days are a whole number from 0 to 60.', lv: 'Piegādes dienas ir vesels skaitlis no 0 līdz 60.' },
    {
      en: 'The key may contain lower-case Latin letters, digits and dashes (at most 80).',
      lv: 'Atslēgā drīkst būt mazie latīņu burti, cipari un domuzīmes (ne vairāk kā 80).',
    },
  ],
  TOO_SMALL: [
    { en: 'This value is below the limit.', lv: 'Šī vērtība ir zem pieļaujamās robežas.' },
    {
      en: 'This value is too short. It should have 2 characters or more.',
      lv: 'Vērtība ir par īsu. Tai jābūt vismaz 2 rakstzīmes garai.',
    },
    { en: 'This value should be positive.', lv: 'Šai vērtībai jābūt lielākai par nulli.' },
    { en: 'Choose at least one contact.', lv: 'Izvēlieties vismaz vienu kontaktu.' },
    { en: 'Give the key a name.', lv: 'Ievadiet atslēgas nosaukumu.' },
    { en: 'Choose at least one permission.', lv: 'Izvēlieties vismaz vienu atļauju.' },
    { en: 'A weight cannot be negative.', lv: 'Svars nevar būt negatīvs.' },
    { en: 'A price cannot be negative.', lv: 'Cena nevar būt negatīva.' },
    { en: 'Delivery days are a whole number from 0 to 60.', lv: 'Piegādes dienas ir vesels skaitlis no 0 līdz 60.' },
    { en: 'Choose at least one product.', lv: 'Izvēlieties vismaz vienu produktu.' },
  ],
  CUSTOM: [
    { en: 'This value is not valid.', lv: 'Šī vērtība nav derīga.' },
    {
      en: 'This value should be a post code of the country: LV-1234, LT-12345 or 12345 (Estonia).',
      lv: 'Jānorāda valsts pasta indekss: LV-1234, LT-12345 vai 12345 (Igaunija).',
    },
    {
      en: 'This place should lie in Latvia, Lithuania or Estonia.',
      lv: 'Vietai jāatrodas Latvijā, Lietuvā vai Igaunijā.',
    },
    { en: 'A weight must be more than 0 g.', lv: 'Svaram jābūt lielākam par 0 g.' },
    { en: 'This value should be a date as YYYY-MM-DD.', lv: 'Šai vērtībai jābūt datumam formātā GGGG-MM-DD.' },
    { en: 'A service can be offered once.', lv: 'Pakalpojumu var piedāvāt tikai vienreiz.' },
    { en: 'Choose at least one change.', lv: 'Izvēlieties vismaz vienu izmaiņu.' },
    { en: 'A sale is named twice.', lv: 'Pārdevums norādīts divreiz.' },
    { en: 'Each operator may be named once.', lv: 'Katru operatoru var norādīt tikai vienreiz.' },
  ],
  NOT_NULL: [
    { en: 'This value should not be null.', lv: 'Šai vērtībai nevajadzētu būt tukšai.' },
    { en: 'Send the version of the order you read.', lv: 'Nosūtiet nolasītā pasūtījuma versiju.' },
  ],
  NOT_BLANK: [
    { en: 'This value should not be blank.', lv: 'Šai vērtībai nevajadzētu būt tukšai.' },
    { en: 'Give the key a name.', lv: 'Ievadiet atslēgas nosaukumu.' },
  ],
  APPLICATION_ERROR: { en: 'Application error', lv: 'Lietotnes kļūda' },
  NETWORK_ERROR: { en: 'Network error', lv: 'Tīkla kļūda' },
  INVALID_S10: [
    {
      en: 'A shipment number has 13 characters: 2 letters, 9 digits and 2 letters, for example RR123456785LV.',
      lv: 'Sūtījuma numurā ir 13 rakstzīmes: 2 burti, 9 cipari un 2 burti, piemēram, RR123456785LV.',
    },
    {
      en: 'The last two letters of the shipment number are not a country code.',
      lv: 'Sūtījuma numura pēdējie divi burti nav valsts kods.',
    },
    {
      en: 'This shipment number is not valid: please check it for typing errors.',
      lv: 'Šis sūtījuma numurs nav derīgs: lūdzu, pārbaudiet, vai tajā nav drukas kļūdu.',
    },
  ],
  WORKFLOW_TO_COUNTRY_NOT_FOUND: {
    en: 'This product does not go to the chosen country.',
    lv: 'Šis produkts netiek sūtīts uz izvēlēto valsti.',
  },
  WORKFLOW_NOT_ACTIVE: {
    en: 'This product is not offered at the moment.',
    lv: 'Šis produkts pašlaik netiek piedāvāts.',
  },
  'notification.blank': { en: 'This value should not be blank.', lv: 'Šai vērtībai nevajadzētu būt tukšai.' },
  'cms.blank': { en: 'This value should not be blank.', lv: 'Šai vērtībai nevajadzētu būt tukšai.' },
  'complaint.blank': { en: 'This value should not be blank.', lv: 'Šai vērtībai nevajadzētu būt tukšai.' },
  'day_off.blank': { en: 'This value should not be blank.', lv: 'Šai vērtībai nevajadzētu būt tukšai.' },
  'complaint.registration_number': {
    en: 'The registration number must have exactly 11 characters.',
    lv: 'Reģistrācijas numurā jābūt tieši 11 rakstzīmēm.',
  },
  'complaint.date': { en: 'Enter a valid date (DD.MM.YYYY).', lv: 'Ievadiet derīgu datumu (DD.MM.GGGG).' },
  'day_off.date': { en: 'Enter a valid date (DD.MM.YYYY).', lv: 'Ievadiet derīgu datumu (DD.MM.GGGG).' },
  NO_SUCH_CHOICE: { en: 'The value you selected is not a valid choice.', lv: 'Izvēlētā vērtība nav derīga izvēle.' },
  'complaint.choice': {
    en: 'The value you selected is not a valid choice.',
    lv: 'Izvēlētā vērtība nav derīga izvēle.',
  },
  'complaint.future_date': { en: 'The date cannot be in the future.', lv: 'Datums nevar būt nākotnē.' },
  'complaint.shipment_value': { en: 'The shipment value must be a number.', lv: 'Sūtījuma vērtībai jābūt skaitlim.' },
  'complaint.description_too_long': {
    en: 'The description can have at most {limit} characters.',
    lv: 'Aprakstā var būt ne vairāk kā {limit} rakstzīmes.',
  },
  'complaint.text_too_long': {
    en: 'This value can have at most {limit} characters.',
    lv: 'Šajā vērtībā var būt ne vairāk kā {limit} rakstzīmes.',
  },
  'complaint.iban': { en: 'Enter a valid bank account (IBAN).', lv: 'Ievadiet derīgu bankas kontu (IBAN).' },
  'complaint.attachment_type': {
    en: 'This file type is not accepted: attach doc, docx, png, pdf, xlsx, eDoc, jpg, jpeg, heic or webp.',
    lv: 'Šis faila tips netiek pieņemts: pievienojiet doc, docx, png, pdf, xlsx, eDoc, jpg, jpeg, heic vai webp.',
  },
  'complaint.attachment_size': {
    en: 'The file is too large: the limit is 30 MB.',
    lv: 'Fails ir pārāk liels: ierobežojums ir 30 MB.',
  },
  'complaint.attachment_content': {
    en: "The file's content does not match its type: attach a real doc, docx, png, pdf, xlsx, eDoc, jpg, jpeg, heic or webp file.",
    lv: 'Faila saturs neatbilst tā tipam: pievienojiet īstu doc, docx, png, pdf, xlsx, eDoc, jpg, jpeg, heic vai webp failu.',
  },
  'complaint.attachment_empty': { en: 'The file is empty.', lv: 'Fails ir tukšs.' },
  'complaint.attachment_count': { en: 'You can attach at most 5 files.', lv: 'Var pievienot ne vairāk kā 5 failus.' },
  'complaint.answer_too_long': {
    en: 'The answer can have at most 5000 characters.',
    lv: 'Atbildē var būt ne vairāk kā 5000 rakstzīmes.',
  },
  'complaint.already_answered': {
    en: 'This complaint has already been answered.',
    lv: 'Uz šo sūdzību jau ir atbildēts.',
  },
  'cms.key': {
    en: 'The key may contain lower-case Latin letters, digits and dashes (at most 64).',
    lv: 'Atslēgā drīkst būt mazie latīņu burti, cipari un defises (ne vairāk kā 64).',
  },
  'cms.title_too_long': {
    en: 'This value can have at most 200 characters.',
    lv: 'Šajā vērtībā var būt ne vairāk kā 200 rakstzīmes.',
  },
  'day_off.reason_too_long': {
    en: 'This value can have at most 200 characters.',
    lv: 'Šajā vērtībā var būt ne vairāk kā 200 rakstzīmes.',
  },
  'cms.body_too_long': {
    en: 'This text can have at most 50000 characters.',
    lv: 'Šajā tekstā var būt ne vairāk kā 50000 rakstzīmes.',
  },
  'cms.markup': {
    en: 'Write the text in Markdown: HTML tags (such as <script>) are not allowed.',
    lv: 'Rakstiet tekstu Markdown formātā: HTML tagi (piemēram, <script>) nav atļauti.',
  },
  'cms.script_link': {
    en: 'Links may lead to web pages, e-mail addresses or phone numbers only.',
    lv: 'Saites drīkst vest tikai uz tīmekļa lapām, e-pasta adresēm vai tālruņa numuriem.',
  },
  'cms.kind': {
    en: 'Choose one of: page, footer, tooltip, advert, news.',
    lv: 'Izvēlieties vienu no: lapa, kājene, rīka padoms, reklāma, jaunums.',
  },
  'cms.link': {
    en: 'Give a page of the portal (starting with /) or an https:// address (at most 500 characters).',
    lv: 'Norādiet portāla lapu (sākas ar /) vai https:// adresi (ne vairāk kā 500 rakstzīmes).',
  },
  'cms.expires_before_published': {
    en: 'The end must be after the publication date.',
    lv: 'Beigām jābūt pēc publicēšanas datuma.',
  },
  'complaint.answered_status': {
    en: 'An answered complaint keeps its status.',
    lv: 'Sūdzībai, uz kuru ir atbildēts, statusu mainīt nevar.',
  },
  'complaint.nothing_to_change': {
    en: 'Choose a status or a refund decision to change.',
    lv: 'Izvēlieties statusu vai lēmumu par atmaksu, ko mainīt.',
  },
  'day_off.weekend': {
    en: 'This day is a Saturday or a Sunday: the post does not work then anyway.',
    lv: 'Šī diena ir sestdiena vai svētdiena: tad pasts tik un tā nestrādā.',
  },
  'day_off.public_holiday': { en: 'This day is already a public holiday.', lv: 'Šī diena jau ir svētku diena.' },
  'day_off.past': { en: 'A day off cannot be in the past.', lv: 'Brīvdiena nevar būt pagātnē.' },
  recaptchaError: { en: 'recaptchaError', lv: 'Robotu pārbaude neizdevās. Lūdzu, mēģiniet vēlreiz.' },
  finishSelection: [
    { en: 'finishSelection', lv: 'Lūdzu, pabeidziet izvēli.' },
    { en: 'Finish selecting the shipment.', lv: 'Pabeidziet sūtījuma izvēli.' },
  ],
  INVALID_NAME: [
    {
      en: 'Names may contain only Latin letters, dash, dot and apostrophe.',
      lv: 'Vārdā drīkst būt tikai latīņu burti, defise, punkts un apostrofs.',
    },
    {
      en: 'This value is too short. It should have 2 characters or more.',
      lv: 'Vērtība ir par īsu. Tai jābūt vismaz 2 rakstzīmes garai.',
    },
  ],
  'complaint.email': { en: 'This value is not a valid email address.', lv: 'Šī nav derīga e-pasta adrese.' },
  INVALID_PHONE: [
    { en: 'This value should contain digits only.', lv: 'Šajā laukā drīkst būt tikai cipari.' },
    { en: 'The phone number is too short.', lv: 'Tālruņa numurs ir par īsu.' },
    { en: 'This phone prefix does not belong to any country.', lv: 'Šis tālruņa prefikss nepieder nevienai valstij.' },
    { en: "The phone number does not match the prefix's country.", lv: 'Tālruņa numurs neatbilst prefiksa valstij.' },
    {
      en: 'A Latvian phone number has 8 digits and starts with 2 or 6.',
      lv: 'Latvijas tālruņa numurā ir 8 cipari, un tas sākas ar 2 vai 6.',
    },
  ],
  ONE_PRIVATE_ACCOUNT: { en: 'Only one private account is allowed.', lv: 'Atļauts tikai viens privātais konts.' },
  COMPANY_THROUGH_APPLICATION: {
    en: 'A company account is added through the application form.',
    lv: 'Uzņēmuma kontu pievieno ar pieteikuma veidlapu.',
  },
  E_NOTIFICATION_REQUIRED: { en: 'Choose agree or disagree.', lv: 'Izvēlieties "piekrītu" vai "nepiekrītu".' },
  INVALID_VAT_NUMBER: { en: 'This value is not a valid VAT number.', lv: 'Šis nav derīgs PVN numurs.' },
  UNEXPECTED_FIELD: { en: 'This field was not expected.', lv: 'Šis lauks nav paredzēts.' },
  TOO_MANY_CONTENT_LINES: { en: 'You can only add up to 10 items', lv: 'Var pievienot ne vairāk kā 10 preces' },
  CONTENT_REQUIRED: { en: 'Add at least one item.', lv: 'Pievienojiet vismaz vienu preci.' },
  WEIGHT_NOT_POSITIVE: { en: 'The weight should be positive.', lv: 'Svaram jābūt lielākam par nulli.' },
  GOODS_VALUE_TOO_SMALL: { en: 'The value should be at least 1 EUR.', lv: 'Vērtībai jābūt vismaz 1 EUR.' },
  INSURANCE_AMOUNT_HIGHER_THEN_CONTENT_TOTAL_VALUE: {
    en: 'The insurance amount is higher than the total value of the content.',
    lv: 'Apdrošināšanas summa ir lielāka par satura kopējo vērtību.',
  },
  CONTENT_VALUE_TOO_SMALL_FOR_INSURANCE: {
    en: 'Content value too small for insurance',
    lv: 'Satura vērtība ir pārāk maza apdrošināšanai',
  },
  INSURANCE_WITHOUT_VALUE: [
    { en: 'Insurance is selected without a value.', lv: 'Apdrošināšana izvēlēta bez summas.' },
    { en: 'Insurance selected without a value.', lv: 'Apdrošināšana izvēlēta bez summas.' },
  ],
  STATE_REQUIRED: {
    en: 'A state is required for the United States.',
    lv: 'Amerikas Savienotajām Valstīm jānorāda štats.',
  },
  INVALID_POST_CODE: {
    en: 'A Latvian post code has the form LV-1234.',
    lv: 'Latvijas pasta indeksa formāts ir LV-1234.',
  },
  INVALID_COUNTRY_CODE: {
    en: 'This value should be a two-letter country code.',
    lv: 'Jānorāda divu burtu valsts kods.',
  },
  INVALID_IBAN: { en: 'This value is not a valid IBAN.', lv: 'Šis nav derīgs IBAN.' },
  EXPORT_DECLARATION_REQUIRED: {
    en: 'Goods worth more than 1000 EUR need an export customs declaration.',
    lv: 'Precēm, kuru vērtība pārsniedz 1000 EUR, nepieciešama eksporta muitas deklarācija.',
  },
  VOEC_REQUIRED: {
    en: 'A VOEC number is required for goods sent to Norway.',
    lv: 'Precēm, ko sūta uz Norvēģiju, jānorāda VOEC numurs.',
  },
  TERMS_NOT_ACCEPTED: { en: 'The terms of use must be accepted.', lv: 'Jāpiekrīt lietošanas noteikumiem.' },
  PRIVACY_NOT_ACCEPTED: { en: 'The privacy policy must be accepted.', lv: 'Jāpiekrīt privātuma politikai.' },
  PICK_UP_DATE_PAST: { en: 'A past date cannot be used.', lv: 'Pagātnes datumu izmantot nevar.' },
  COURIER_NOT_AVAILABLE: {
    en: 'The courier is not available on the chosen date.',
    lv: 'Kurjers izvēlētajā datumā nav pieejams.',
  },
  PICK_UP_WINDOW_TOO_SHORT: {
    en: 'The pick-up window should be at least 2 hours.',
    lv: 'Savākšanas laika logam jābūt vismaz 2 stundas garam.',
  },
  INVALID_TIME: { en: 'This value is not a valid time.', lv: 'Šis nav derīgs laiks.' },
  INVALID_DATE: { en: 'This value is not a valid date.', lv: 'Šis nav derīgs datums.' },
  HANDOVER_UNKNOWN: { en: 'This is not a valid hand-over code.', lv: 'Šis nav derīgs nodošanas kods.' },
  HANDOVER_EXPIRED: {
    en: 'This hand-over code has expired: print the labels at home or ask at the counter.',
    lv: 'Nodošanas koda derīgums ir beidzies: izdrukājiet uzlīmes mājās vai jautājiet pasta nodaļā.',
  },
  HANDOVER_USED: {
    en: 'This hand-over code has been used: the labels were printed already.',
    lv: 'Šis nodošanas kods jau ir izmantots: uzlīmes jau ir izdrukātas.',
  },
  HANDOVER_NOT_PRINTABLE: {
    en: 'The order of this hand-over code has nothing left to print.',
    lv: 'Šī nodošanas koda pasūtījumā vairs nav ko drukāt.',
  },
  WORKFLOW_NOT_FOUND: { en: 'Workflow not found.', lv: 'Produkts nav atrasts.' },
  // Places a product may use (orders/location-rules.ts LOCATION_USE_MESSAGES).
  LOCATION_NOT_FOUND: { en: 'This place was not found.', lv: 'Šī vieta nav atrasta.' },
  LOCATION_WRONG_TYPE: {
    en: 'This product does not use this kind of place.',
    lv: 'Šis produkts neizmanto šāda veida vietu.',
  },
  LOCATION_WRONG_NETWORK: {
    en: "This product does not use this operator's places.",
    lv: 'Šis produkts neizmanto šī operatora vietas.',
  },
  LOCATION_WRONG_COUNTRY: {
    en: 'This place is not in the country the product delivers to.',
    lv: 'Šī vieta nav valstī, uz kuru produkts piegādā.',
  },
  LOCATION_PICK_UP_ONLY: {
    en: 'Parcels can only be collected at this place, not handed over.',
    lv: 'Šajā vietā sūtījumus var tikai izņemt, ne nodot.',
  },
  LOCATION_RETIRED: { en: 'This place is closed.', lv: 'Šī vieta ir slēgta.' },
  CASH_ON_DELIVERY_ABOVE_INSURANCE: {
    en: 'The cash on delivery amount should not be higher than the insured amount.',
    lv: 'Pēcmaksas summa nedrīkst pārsniegt apdrošināto summu.',
  },
  CASH_ON_DELIVERY_WITHOUT_INSURANCE: {
    en: 'Cash on delivery is only possible with insurance.',
    lv: 'Pēcmaksa iespējama tikai ar apdrošināšanu.',
  },
  INSURANCE_AMOUNT_INVALID: {
    en: 'The insurance amount should be a whole number of euros, at least 1 EUR.',
    lv: 'Apdrošināšanas summai jābūt veselos eiro, vismaz 1 EUR.',
  },
  NO_PRICE_FOUND: { en: 'No price found.', lv: 'Cena nav atrasta.' },
  INDICATIVE_PRICE_REFUSED: {
    en: 'This product has only an indicative price so far: it can be ordered once an administrator sets its official tariff.',
    lv: 'Šim produktam pagaidām ir tikai orientējoša cena: to varēs pasūtīt, kad administrators būs iestatījis oficiālo tarifu.',
  },
  CONTENT_WEIGHT_LESS_THAN_INITIAL_CODE: {
    en: 'The total weight of the added items is {diff} kg less than the shipment weight',
    lv: 'Pievienoto preču kopējais svars ir par {diff} kg mazāks nekā sūtījuma svars',
  },
  CONTENT_WEIGHT_DIFFERENCE: {
    en: 'The total weight of the added items is {diff} kg more than the shipment weight',
    lv: 'Pievienoto preču kopējais svars ir par {diff} kg lielāks nekā sūtījuma svars',
  },
  INSURANCE_AMOUNT_ABOVE_MAXIMUM: {
    en: 'The insurance amount is higher than the maximum of {max} EUR.',
    lv: 'Apdrošināšanas summa pārsniedz maksimālo summu {max} EUR.',
  },
  LETTER_TOO_HEAVY: { en: 'Too heavy for a letter: choose a parcel.', lv: 'Pārāk smags vēstulei: izvēlieties paku.' },
  LETTER_TOO_LARGE: {
    en: 'A letter must measure under 90 cm in length, width and thickness together.',
    lv: 'Vēstules garuma, platuma un biezuma summai jābūt mazākai par 90 cm.',
  },
  LETTER_TOO_THICK: { en: 'A letter is at most 2 cm thick.', lv: 'Vēstule nedrīkst būt biezāka par 2 cm.' },
  LETTER_TOO_LONG: { en: 'A letter is at most 60 cm long.', lv: 'Vēstule nedrīkst būt garāka par 60 cm.' },
  LETTER_TOO_SMALL: { en: 'A letter is at least 9 × 14 cm.', lv: 'Vēstulei jābūt vismaz 9 × 14 cm.' },
  PARCEL_LOCKER_TOO_LARGE: {
    en: 'Too large for a parcel locker: at most 38 × 38 × 58 cm.',
    lv: 'Pārāk liels pakomātam: ne vairāk kā 38 × 38 × 58 cm.',
  },
  PARCEL_LOCKER_TOO_HEAVY: {
    en: 'Too heavy for a parcel locker: at most 30 kg.',
    lv: 'Pārāk smags pakomātam: ne vairāk kā 30 kg.',
  },
  HS_CODE_NOT_FOUND: { en: 'HS code not found.', lv: 'HS kods nav atrasts.' },
  HS_CODE_SEARCH_TOO_MANY: {
    en: 'Too many results: please narrow the search.',
    lv: 'Pārāk daudz rezultātu: lūdzu, precizējiet meklēšanu.',
  },
  INVALID_SEARCH: {
    en: 'The search should contain letters or digits.',
    lv: 'Meklējamajā tekstā jābūt burtiem vai cipariem.',
  },
  INVALID_CHARACTERS: {
    en: 'This value contains characters that are not allowed.',
    lv: 'Šajā vērtībā ir neatļautas rakstzīmes.',
  },
  INVALID_ADDRESS_ID: { en: 'An address ID (AIS code) has 9 digits.', lv: 'Adreses kodā (AIS kods) ir 9 cipari.' },
  DUPLICATE_CONTACT: [
    {
      en: 'A contact with this name, address and phone is already in the address book.',
      lv: 'Kontakts ar šādu vārdu, adresi un tālruni adrešu grāmatā jau ir.',
    },
    { en: 'This contact is already in the file above.', lv: 'Šis kontakts failā jau ir augstāk.' },
  ],
  GROUP_NOT_FOUND: { en: 'Contact group not found.', lv: 'Kontaktu grupa nav atrasta.' },
  DUPLICATE_GROUP: { en: 'A group with this name already exists.', lv: 'Grupa ar šādu nosaukumu jau ir.' },
  NOT_XLSX: { en: 'The file is not an XLSX workbook.', lv: 'Fails nav XLSX darbgrāmata.' },
  TOO_LARGE: { en: 'The file is larger than 30 MB.', lv: 'Fails ir lielāks par 30 MB.' },
  TOO_MANY_ROWS: [
    { en: 'The file has more than 10000 rows.', lv: 'Failā ir vairāk nekā 10000 rindu.' },
    { en: 'The file has more than 1000 rows.', lv: 'Failā ir vairāk nekā 1000 rindu.' },
  ],
  EMPTY_SHEET: [
    { en: 'The sheet has no rows to import.', lv: 'Lapā nav rindu, ko importēt.' },
    { en: 'The sheet has no shipments.', lv: 'Lapā nav sūtījumu.' },
  ],
  WRONG_HEADINGS: [
    {
      en: 'The first row must hold the column headings of the address book template.',
      lv: 'Pirmajā rindā jābūt adrešu grāmatas veidnes kolonnu virsrakstiem.',
    },
    {
      en: 'The first row must hold the column headings of the shipments template.',
      lv: 'Pirmajā rindā jābūt sūtījumu veidnes kolonnu virsrakstiem.',
    },
  ],
  FORMULA: {
    en: 'Formulas are not accepted: enter the value itself.',
    lv: 'Formulas netiek pieņemtas: ierakstiet pašu vērtību.',
  },
  NOT_A_WHOLE_NUMBER: { en: 'This value should be a whole number.', lv: 'Vērtībai jābūt veselam skaitlim.' },
  NOT_AN_AMOUNT: {
    en: 'This value should be an amount in euros, e.g. 12.50.',
    lv: 'Vērtībai jābūt summai eiro, piemēram, 12.50.',
  },
  NOT_A_DATE: {
    en: 'This value should be a date, e.g. 24.12.2026.',
    lv: 'Vērtībai jābūt datumam, piemēram, 24.12.2026.',
  },
  NOT_PENDING: { en: 'This application has already been reviewed.', lv: 'Šis pieteikums jau ir izskatīts.' },
  VERIFICATION_CODE_MISSING: { en: 'Verification code missing.', lv: 'Nav ievadīts verifikācijas kods.' },
  VERIFICATION_CODE_INVALID: { en: 'Verification code invalid.', lv: 'Verifikācijas kods nav derīgs.' },
  VERIFICATION_CODE_EXPIRED: {
    en: 'Verification code expired.',
    lv: 'Verifikācijas koda derīguma termiņš ir beidzies.',
  },
  VERIFICATION_CODE_FAILED: {
    en: 'Verification code failed: too many wrong attempts. Ask for a new code.',
    lv: 'Verifikācija neizdevās: pārāk daudz nepareizu mēģinājumu. Pieprasiet jaunu kodu.',
  },
  PHONE_REQUIRED: { en: 'Enter the new phone number.', lv: 'Ievadiet jauno tālruņa numuru.' },
  SAME_PHONE: { en: 'This is already the phone number of the account.', lv: 'Šis jau ir konta tālruņa numurs.' },
  PHONE_NEEDS_VERIFICATION: {
    en: 'The phone number is changed with a code sent to the new number.',
    lv: 'Tālruņa numuru maina ar kodu, kas nosūtīts uz jauno numuru.',
  },
  HS_CODE_NOT_UNIQUE: { en: 'This goods code is already saved.', lv: 'Šis preču kods jau ir saglabāts.' },
  HS_CODE_FORMAT: { en: 'An HS code has 6 to 10 digits.', lv: 'HS kodā ir no 6 līdz 10 cipariem.' },
  DESCRIPTION_BLANK: { en: 'Describe the goods in your own words.', lv: 'Aprakstiet preces saviem vārdiem.' },
  DESCRIPTION_TOO_LONG: {
    en: 'The description can have at most 120 characters.',
    lv: 'Aprakstā var būt ne vairāk kā 120 rakstzīmes.',
  },
  TOO_MANY_SAVED_HS_CODES: {
    en: 'An account can keep at most 100 goods codes.',
    lv: 'Kontā var saglabāt ne vairāk kā 100 preču kodus.',
  },
  INVALID_LANGUAGE: { en: 'Choose English or Latvian.', lv: 'Izvēlieties angļu vai latviešu valodu.' },
  USER_NOT_FOUND: {
    en: 'No registered user has this e-mail address. They must sign in to the portal once first.',
    lv: 'Nav reģistrēta lietotāja ar šo e-pasta adresi. Lietotājam vispirms vienreiz jāpieslēdzas portālam.',
  },
  ALREADY_MEMBER: { en: 'This user already belongs to the account.', lv: 'Šis lietotājs jau ir konta lietotājs.' },
  LAST_MAIN_ADMIN: {
    en: 'The account must keep at least one main administrator.',
    lv: 'Kontam jāpaliek vismaz vienam galvenajam administratoram.',
  },
  COMPANY_ONLY: {
    en: 'Users are added to company accounts only.',
    lv: 'Lietotājus var pievienot tikai uzņēmuma kontiem.',
  },
  TOO_LONG: { en: 'The name may be at most 100 characters.', lv: 'Nosaukumā var būt ne vairāk kā 100 rakstzīmes.' },
  API_KEY_INVALID: { en: 'The API key is not valid.', lv: 'API atslēga nav derīga.' },
  API_KEY_REVOKED: { en: 'The API key has been revoked.', lv: 'API atslēga ir atsaukta.' },
  API_KEY_NOT_ALLOWED: {
    en: 'This call cannot be made with an API key.',
    lv: 'Šo pieprasījumu nevar veikt ar API atslēgu.',
  },
  API_KEY_SCOPE_MISSING: {
    en: 'The API key does not have the permission this call needs.',
    lv: 'API atslēgai nav šim pieprasījumam vajadzīgās atļaujas.',
  },
  INVOICE_COMPANY_ONLY: {
    en: 'Only a company account’s orders can be paid on invoice.',
    lv: 'Ar rēķinu var apmaksāt tikai uzņēmuma konta pasūtījumus.',
  },
  IDEMPOTENCY_KEY_INVALID: {
    en: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
    lv: 'Galvenei Idempotency-Key jābūt no 1 līdz 255 redzamām ASCII rakstzīmēm.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    en: 'This Idempotency-Key was already used with another request: send a new key for a new request.',
    lv: 'Šī Idempotency-Key jau izmantota citam pieprasījumam: jaunam pieprasījumam sūtiet jaunu atslēgu.',
  },
  IDEMPOTENCY_KEY_IN_USE: {
    en: 'A request with this Idempotency-Key is still being processed: try again in a moment.',
    lv: 'Pieprasījums ar šo Idempotency-Key vēl tiek apstrādāts: mēģiniet vēlreiz pēc brīža.',
  },
  API_VERSION_UNKNOWN: {
    en: 'Unknown API-Version: ask for one of 2026-12-06 (or none, for the current one).',
    lv: 'Nezināma API-Version: norādiet kādu no 2026-12-06 (vai nevienu, lai izmantotu pašreizējo).',
  },
  TEST_MODE_ONLY: {
    en: 'Test helpers take a test API key (lvp_test_…).',
    lv: 'Testa palīgrīki pieņem tikai testa API atslēgu (lvp_test_…).',
  },
  ORDER_NOT_PAID: {
    en: 'The order is not paid yet: pay it first.',
    lv: 'Pasūtījums vēl nav apmaksāts: vispirms apmaksājiet to.',
  },
  DISCOUNT_CODE_UNREADABLE: {
    en: 'The code may contain only Latin letters A–Z, digits 0–9, "-" and "_".',
    lv: 'Kodā drīkst būt tikai latīņu burti A–Z, cipari 0–9, "-" un "_".',
  },
  DISCOUNT_CODE_REQUIRED: { en: 'Enter a code.', lv: 'Ievadiet kodu.' },
  DISCOUNT_CODE_TOO_LONG: {
    en: 'The code may have at most 50 characters.',
    lv: 'Kodā var būt ne vairāk kā 50 rakstzīmes.',
  },
  DISCOUNT_VALUE_INVALID: [
    { en: 'A percentage must be from 0.01 to 100.', lv: 'Procentiem jābūt no 0,01 līdz 100.' },
    { en: 'A special price must be from 0.00 to 1000.00 EUR.', lv: 'Īpašajai cenai jābūt no 0,00 līdz 1000,00 EUR.' },
  ],
  DISCOUNT_FREQUENCY_INDEX_REQUIRED: {
    en: 'Enter N, a whole number of 1 or more.',
    lv: 'Ievadiet N – veselu skaitli, kas ir 1 vai lielāks.',
  },
  DISCOUNT_LOYALTY_REGISTERED_ONLY: {
    en: 'A loyalty discount is for registered users only.',
    lv: 'Lojalitātes atlaide ir paredzēta tikai reģistrētiem lietotājiem.',
  },
  DISCOUNT_COUNT_INVALID: [
    {
      en: 'The maximum count must be a whole number of 1 or more.',
      lv: 'Maksimālajam skaitam jābūt veselam skaitlim, kas ir 1 vai lielāks.',
    },
    {
      en: 'The count left must be a whole number of 0 or more.',
      lv: 'Atlikušajam skaitam jābūt veselam skaitlim, kas ir 0 vai lielāks.',
    },
  ],
  DISCOUNT_LEFT_ABOVE_MAX: [
    {
      en: 'The count left cannot be above the maximum count.',
      lv: 'Atlikušais skaits nevar pārsniegt maksimālo skaitu.',
    },
    {
      en: 'Set a maximum count to set the count left.',
      lv: 'Lai norādītu atlikušo skaitu, norādiet maksimālo skaitu.',
    },
  ],
  DISCOUNT_DATE_INVALID: { en: 'Enter a valid date.', lv: 'Ievadiet derīgu datumu.' },
  'cms.date': { en: 'Enter a valid date.', lv: 'Ievadiet derīgu datumu.' },
  DISCOUNT_TILL_BEFORE_FROM: {
    en: 'The end date cannot be before the start date.',
    lv: 'Beigu datums nevar būt pirms sākuma datuma.',
  },
  DISCOUNT_PAST_PERIOD: [
    { en: 'The period cannot lie in the past.', lv: 'Periods nevar būt pagātnē.' },
    { en: 'The start date cannot be in the past.', lv: 'Sākuma datums nevar būt pagātnē.' },
  ],
  DISCOUNT_CODE_ACTIVE_IN_PERIOD: {
    en: 'This code is already active in an overlapping period.',
    lv: 'Šis kods jau ir aktīvs periodā, kas pārklājas.',
  },
  DISCOUNT_LOYALTY_OVERLAP: {
    en: 'Another loyalty discount is active in an overlapping period.',
    lv: 'Periodā, kas pārklājas, jau ir aktīva cita lojalitātes atlaide.',
  },
  'notification.no_recipient_group': {
    en: 'Choose at least one recipient group: private, company or both.',
    lv: 'Izvēlieties vismaz vienu saņēmēju grupu: privātpersonas, uzņēmumi vai abas.',
  },
  'notification.unknown_recipient_group': {
    en: 'A recipient group is private or company.',
    lv: 'Saņēmēju grupa ir privātpersonas vai uzņēmumi.',
  },
  'notification.no_channel': {
    en: 'Choose at least one way to send it: e-mail, SMS or the portal.',
    lv: 'Izvēlieties vismaz vienu sūtīšanas veidu: e-pasts, SMS vai portāls.',
  },
  'notification.unknown_channel': {
    en: 'A way to send is email, sms or portal.',
    lv: 'Sūtīšanas veids ir e-pasts, SMS vai portāls.',
  },
  'notification.too_long': [
    { en: 'This value can have at most 120 characters.', lv: 'Šajā vērtībā var būt ne vairāk kā 120 rakstzīmes.' },
    { en: 'This value can have at most 300 characters.', lv: 'Šajā vērtībā var būt ne vairāk kā 300 rakstzīmes.' },
    { en: 'This text can have at most 5000 characters.', lv: 'Šajā tekstā var būt ne vairāk kā 5000 rakstzīmes.' },
  ],
  'notification_banner.blank': {
    en: 'Write the banner in both languages before switching it on.',
    lv: 'Pirms banera ieslēgšanas uzrakstiet to abās valodās.',
  },
  'notification.already_sent': {
    en: 'This notification has already been sent; a sent notification cannot be changed or sent again.',
    lv: 'Šis paziņojums jau ir nosūtīts; nosūtītu paziņojumu nevar mainīt vai nosūtīt vēlreiz.',
  },
  WORKFLOW_STEPS_ORDER: {
    en: 'Weight steps must be in ascending order of weight without repeats.',
    lv: 'Svara pakāpēm jābūt augošā secībā bez atkārtojumiem.',
  },
  WORKFLOW_STEP_ABOVE_MAX: {
    en: 'This weight step is above the product’s maximum weight.',
    lv: 'Šī svara pakāpe pārsniedz produkta maksimālo svaru.',
  },
  WORKFLOW_KEY_TAKEN: { en: 'This key is already used.', lv: 'Šī atslēga jau tiek izmantota.' },
  UNKNOWN_COUNTRY: { en: 'Unknown country.', lv: 'Nezināma valsts.' },
  EBAY_BAD_STATE: {
    en: 'This eBay link was not started here, or has expired. Start linking again.',
    lv: 'Šī eBay sasaiste netika sākta šeit vai ir novecojusi. Sāciet sasaisti no jauna.',
  },
  EBAY_CODE_REFUSED: {
    en: 'eBay did not accept the authorization. Start linking again.',
    lv: 'eBay nepieņēma atļauju. Sāciet sasaisti no jauna.',
  },
  EBAY_CONSENT_DECLINED: {
    en: 'The eBay account was not linked: access was not granted on eBay.',
    lv: 'eBay konts netika sasaistīts: piekļuve eBay netika atļauta.',
  },
  EBAY_NOT_LINKED: {
    en: 'This eBay account is not linked. Complete or delete the link.',
    lv: 'Šis eBay konts nav sasaistīts. Pabeidziet vai dzēsiet sasaisti.',
  },
  EBAY_REVOKED: {
    en: 'eBay no longer accepts this link. Link the account again.',
    lv: 'eBay vairs nepieņem šo sasaisti. Sasaistiet kontu vēlreiz.',
  },
  EBAY_UNAVAILABLE: {
    en: 'eBay did not answer. Please try again later.',
    lv: 'eBay neatbildēja. Lūdzu, mēģiniet vēlāk.',
  },
  EBAY_NOT_OFFERED: {
    en: 'Linking eBay accounts is not offered at the moment.',
    lv: 'eBay kontu sasaiste pašlaik netiek piedāvāta.',
  },
  EBAY_FULFILMENT_REJECTED: {
    en: 'eBay did not accept the tracking number yet. It will be sent again.',
    lv: 'eBay vēl nepieņēma sūtījuma numuru. Tas tiks nosūtīts vēlreiz.',
  },
  EBAY_NO_ADDRESS: {
    en: 'eBay gave no shipping address for this sale.',
    lv: 'eBay nenorādīja šī pārdevuma piegādes adresi.',
  },
  EBAY_TOO_MANY_ITEMS: {
    en: 'This sale has more items than one shipment can list.',
    lv: 'Šajā pārdevumā ir vairāk preču, nekā var norādīt vienā sūtījumā.',
  },
  EBAY_ALREADY_SHIPPED: {
    en: 'A shipment was already made from this sale.',
    lv: 'No šī pārdevuma jau ir izveidots sūtījums.',
  },
  EBAY_ORDER_NOT_USABLE: {
    en: 'The shipment cannot be used for this sale.',
    lv: 'Šo sūtījumu nevar izmantot šim pārdevumam.',
  },
  INVALID_URL: { en: 'This value is not a valid URL.', lv: 'Šī vērtība nav derīgs URL.' },
  HTTPS_ONLY: { en: 'The address must start with https://.', lv: 'Adresei jāsākas ar https://.' },
  PRIVATE_ADDRESS: {
    en: 'The address must be reachable on the public internet (private, loopback and link-local addresses are refused).',
    lv: 'Adresei jābūt sasniedzamai publiskajā internetā (privātas, atgriezeniskās un saites lokālās adreses netiek pieņemtas).',
  },
  UNRESOLVABLE: {
    en: 'The host name of this address could not be found.',
    lv: 'Šīs adreses resursdatora nosaukums netika atrasts.',
  },
  NO_EVENTS: { en: 'Choose at least one event.', lv: 'Izvēlieties vismaz vienu notikumu.' },
  TOO_MANY: {
    en: 'An account keeps at most 10 webhook endpoints.',
    lv: 'Kontam var būt ne vairāk kā 10 tīmekļa āķu galapunkti.',
  },
  WEBHOOK_TIMEOUT: { en: 'The receiver did not answer in time.', lv: 'Saņēmējs laikā neatbildēja.' },
  WEBHOOK_UNREACHABLE: { en: 'The receiver could not be reached.', lv: 'Saņēmēju neizdevās sasniegt.' },
  INVALID_EMAIL: { en: 'This value is not a valid email address.', lv: 'Šī nav derīga e-pasta adrese.' },
  DATE_RANGE_REVERSED: {
    en: 'The end date must not be before the start date.',
    lv: 'Beigu datums nedrīkst būt pirms sākuma datuma.',
  },
  DATE_RANGE_TOO_LONG: {
    en: 'The period must not be longer than 366 days.',
    lv: 'Periods nedrīkst būt garāks par 366 dienām.',
  },
  PRICE_ON_REQUEST: { en: 'No price found.', lv: 'Cena nav atrasta.' },
  SERVICE_NOT_AVAILABLE: {
    en: 'This service is not available for the chosen shipment.',
    lv: 'Šis pakalpojums izvēlētajam sūtījumam nav pieejams.',
  },
  INSURANCE_INVALID: {
    en: 'The insurance amount should be a whole number of euros, at least 1 EUR.',
    lv: 'Apdrošināšanas summai jābūt veselos eiro, vismaz 1 EUR.',
  },
  INSURANCE_ABOVE_MAXIMUM: {
    en: 'The insurance amount is higher than the maximum allowed.',
    lv: 'Apdrošināšanas summa pārsniedz maksimāli pieļaujamo.',
  },
  CASH_ON_DELIVERY_INVALID: [
    { en: 'Cash on delivery is only possible with insurance.', lv: 'Pēcmaksa iespējama tikai ar apdrošināšanu.' },
    {
      en: 'The cash on delivery amount should not be higher than the insured amount.',
      lv: 'Pēcmaksas summa nedrīkst pārsniegt apdrošināto summu.',
    },
    { en: 'Cash on delivery selected without an amount.', lv: 'Pēcmaksa izvēlēta bez summas.' },
  ],
} as const satisfies Readonly<Record<string, ServerText | readonly ServerText[]>>;

export type ServerMessageCode = keyof typeof SERVER_MESSAGES;

/** What the API said: an error (ApplicationError) or a violation, or only its English text. */
export interface ServerMessageSource {
  readonly message: string;
  readonly code?: string | undefined;
  /** A violation's message before its parameters were filled in, e.g. `at most {limit} characters`. */
  readonly messageTemplate?: string | undefined;
  readonly parameters?: Readonly<Record<string, string | number>> | undefined;
}

const textsOf = (code: string | undefined): readonly ServerText[] => {
  if (code === undefined || !Object.hasOwn(SERVER_MESSAGES, code)) return [];
  const entry: ServerText | readonly ServerText[] = SERVER_MESSAGES[code as ServerMessageCode];
  return Array.isArray(entry) ? entry : [entry as ServerText];
};

const fill = (text: string, parameters: ServerMessageSource['parameters']): string =>
  parameters ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(parameters[name] ?? whole)) : text;

let byEnglish: Map<string, ServerText> | undefined;

/**
 * Every text by its English, for what comes without a code (a toast's text, a field's message
 * already picked from its violation) and for the screens that still pass the text alone.
 */
function englishIndex(): Map<string, ServerText> {
  if (!byEnglish) {
    byEnglish = new Map();
    for (const entry of Object.values(SERVER_MESSAGES) as (ServerText | readonly ServerText[])[]) {
      for (const text of Array.isArray(entry) ? entry : [entry as ServerText]) {
        if (!byEnglish.has(text.en)) byEnglish.set(text.en, text);
      }
    }
  }
  return byEnglish;
}

/** The catalogue's text for what the API said, or undefined when it has none. */
export function serverText(source: string | ServerMessageSource): ServerText | undefined {
  const said: ServerMessageSource = typeof source === 'string' ? { message: source } : source;
  const texts = textsOf(said.code);
  const sameEnglish = (text: ServerText) =>
    text.en === said.message || text.en === said.messageTemplate || fill(text.en, said.parameters) === said.message;
  // A code of one fault says it all; a kind of fault is told by its English, else its general text.
  const byCode = texts.length === 1 ? texts[0] : (texts.find(sameEnglish) ?? texts[0]);
  const index = englishIndex();
  const byText = index.get(said.message) ?? (said.messageTemplate ? index.get(said.messageTemplate) : undefined);
  // The English text names the fault more closely than a kind of fault's general wording.
  if (texts.length > 1 && byText && !texts.some(sameEnglish)) return byText;
  return byCode ?? byText;
}

/**
 * What the API said, in the interface language: looked up by its code (then by its English text);
 * shown as the API wrote it in English, and when the catalogue does not know it.
 */
export function serverMessage(source: string | ServerMessageSource, locale: Locale): string {
  const message = typeof source === 'string' ? source : source.message;
  if (locale !== 'lv') return message;
  const text = serverText(source);
  return text ? fill(text.lv, typeof source === 'string' ? undefined : source.parameters) : message;
}

/** The Latvian texts by their English (the catalogue's shape before issue 39), for the tests that read it so. */
export const SERVER_MESSAGES_LV: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries([...englishIndex()].map(([en, text]) => [en, text.lv])),
);
