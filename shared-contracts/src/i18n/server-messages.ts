import type { Locale } from './locale';

/**
 * The API's messages in Latvian, keyed by their English text (SPEC §1: the API answers in English;
 * the interface shows Latvian). One catalogue for the shell and for the parcels that run without it.
 * A message not listed here is shown as the API wrote it.
 *
 * Its own entry (`@portal/shared-contracts/i18n/server-messages`, since 2.0.0), bundled where it is
 * imported and never shared: the shell loads it beside the page, only for Latvian, instead of with
 * the first paint (~9 KB gzip, issue 18).
 */
export const SERVER_MESSAGES_LV: Readonly<Record<string, string>> = {
  'Application error': 'Lietotnes kļūda',
  'Network error': 'Tīkla kļūda',
  'Not Found': 'Nav atrasts',
  'Not found': 'Nav atrasts',
  'A shipment number has 13 characters: 2 letters, 9 digits and 2 letters, for example RR123456785LV.':
    'Sūtījuma numurā ir 13 rakstzīmes: 2 burti, 9 cipari un 2 burti, piemēram, RR123456785LV.',
  'The last two letters of the shipment number are not a country code.':
    'Sūtījuma numura pēdējie divi burti nav valsts kods.',
  'This shipment number is not valid: please check it for typing errors.':
    'Šis sūtījuma numurs nav derīgs: lūdzu, pārbaudiet, vai tajā nav drukas kļūdu.',
  'Page not found': 'Lapa nav atrasta',
  // The price engine (api/src/modules/prices/engine.ts PRICE_MESSAGES).
  'This product does not go to the chosen country.': 'Šis produkts netiek sūtīts uz izvēlēto valsti.',
  'This product is not offered at the moment.': 'Šis produkts pašlaik netiek piedāvāts.',
  'Country not found': 'Valsts nav atrasta',
  'Access denied.': 'Piekļuve liegta.',
  'Full authentication is required to access this resource.': 'Lai piekļūtu šim resursam, nepieciešams pieslēgties.',
  'Internal server error':
    'Iekšēja servera kļūda. Lūdzu, mēģiniet vēlreiz; ja kļūda atkārtojas, sazinieties ar klientu atbalstu.',
  'Invalid value type.': 'Nederīgs vērtības tips.',
  'Malformed JSON in request body': 'Pieprasījuma saturs nav derīgs JSON',
  'Unknown query parameter': 'Nezināms vaicājuma parametrs',
  'This value should not be blank.': 'Šai vērtībai nevajadzētu būt tukšai.',
  'This value should not be null.': 'Šai vērtībai nevajadzētu būt tukšai.',
  'This value is not valid.': 'Šī vērtība nav derīga.',
  'The registration number must have exactly 11 characters.': 'Reģistrācijas numurā jābūt tieši 11 rakstzīmēm.',
  'Enter a valid date (DD.MM.YYYY).': 'Ievadiet derīgu datumu (DD.MM.GGGG).',
  'The value you selected is not a valid choice.': 'Izvēlētā vērtība nav derīga izvēle.',
  'The date cannot be in the future.': 'Datums nevar būt nākotnē.',
  'The shipment value must be a number.': 'Sūtījuma vērtībai jābūt skaitlim.',
  'The description can have at most {limit} characters.': 'Aprakstā var būt ne vairāk kā {limit} rakstzīmes.',
  'This value can have at most {limit} characters.': 'Šajā vērtībā var būt ne vairāk kā {limit} rakstzīmes.',
  'Enter a valid bank account (IBAN).': 'Ievadiet derīgu bankas kontu (IBAN).',
  'This file type is not accepted: attach doc, docx, png, pdf, xlsx, eDoc, jpg, jpeg, heic or webp.':
    'Šis faila tips netiek pieņemts: pievienojiet doc, docx, png, pdf, xlsx, eDoc, jpg, jpeg, heic vai webp.',
  'The file is too large: the limit is 30 MB.': 'Fails ir pārāk liels: ierobežojums ir 30 MB.',
  "The file's content does not match its type: attach a real doc, docx, png, pdf, xlsx, eDoc, jpg, jpeg, heic or webp file.":
    'Faila saturs neatbilst tā tipam: pievienojiet īstu doc, docx, png, pdf, xlsx, eDoc, jpg, jpeg, heic vai webp failu.',
  'The file is empty.': 'Fails ir tukšs.',
  'You can attach at most 5 files.': 'Var pievienot ne vairāk kā 5 failus.',
  'The answer can have at most 5000 characters.': 'Atbildē var būt ne vairāk kā 5000 rakstzīmes.',
  'This complaint has already been answered.': 'Uz šo sūdzību jau ir atbildēts.',
  'Complaint not found.': 'Sūdzība nav atrasta.',
  'Attachment not found.': 'Pielikums nav atrasts.',
  'Page not found.': 'Lapa nav atrasta.',
  'The key may contain lower-case Latin letters, digits and dashes (at most 64).':
    'Atslēgā drīkst būt mazie latīņu burti, cipari un defises (ne vairāk kā 64).',
  'This value can have at most 200 characters.': 'Šajā vērtībā var būt ne vairāk kā 200 rakstzīmes.',
  'This text can have at most 50000 characters.': 'Šajā tekstā var būt ne vairāk kā 50000 rakstzīmes.',
  'Write the text in Markdown: HTML tags (such as <script>) are not allowed.':
    'Rakstiet tekstu Markdown formātā: HTML tagi (piemēram, <script>) nav atļauti.',
  'Links may lead to web pages, e-mail addresses or phone numbers only.':
    'Saites drīkst vest tikai uz tīmekļa lapām, e-pasta adresēm vai tālruņa numuriem.',
  'Choose one of: page, footer, tooltip, advert, news.':
    'Izvēlieties vienu no: lapa, kājene, rīka padoms, reklāma, jaunums.',
  'Give a page of the portal (starting with /) or an https:// address (at most 500 characters).':
    'Norādiet portāla lapu (sākas ar /) vai https:// adresi (ne vairāk kā 500 rakstzīmes).',
  'The end must be after the publication date.': 'Beigām jābūt pēc publicēšanas datuma.',
  'An answered complaint keeps its status.': 'Sūdzībai, uz kuru ir atbildēts, statusu mainīt nevar.',
  'Choose a status or a refund decision to change.': 'Izvēlieties statusu vai lēmumu par atmaksu, ko mainīt.',
  'This day is a Saturday or a Sunday: the post does not work then anyway.':
    'Šī diena ir sestdiena vai svētdiena: tad pasts tik un tā nestrādā.',
  'This day is already a public holiday.': 'Šī diena jau ir svētku diena.',
  'The file should hold a JSON array of locations.': 'Failā jābūt vietu JSON masīvam.',
  'Cache not found.': 'Kešatmiņa nav atrasta.',
  'A day off cannot be in the past.': 'Brīvdiena nevar būt pagātnē.',
  'This day is not one of the post’s days off.': 'Šī diena nav pasta brīvdiena.',
  'A general error occurred': 'Radās vispārēja kļūda',
  'Several errors occurred': 'Radās vairākas kļūdas',
  recaptchaError: 'Robotu pārbaude neizdevās. Lūdzu, mēģiniet vēlreiz.',
  finishSelection: 'Lūdzu, pabeidziet izvēli.',
  'Names may contain only Latin letters, dash, dot and apostrophe.':
    'Vārdā drīkst būt tikai latīņu burti, defise, punkts un apostrofs.',
  'This value is too short. It should have 2 characters or more.':
    'Vērtība ir par īsu. Tai jābūt vismaz 2 rakstzīmes garai.',
  'This value is not a valid email address.': 'Šī nav derīga e-pasta adrese.',
  'This value should contain digits only.': 'Šajā laukā drīkst būt tikai cipari.',
  'The phone number is too short.': 'Tālruņa numurs ir par īsu.',
  'This phone prefix does not belong to any country.': 'Šis tālruņa prefikss nepieder nevienai valstij.',
  "The phone number does not match the prefix's country.": 'Tālruņa numurs neatbilst prefiksa valstij.',
  'A Latvian phone number has 8 digits and starts with 2 or 6.':
    'Latvijas tālruņa numurā ir 8 cipari, un tas sākas ar 2 vai 6.',
  'Only one private account is allowed.': 'Atļauts tikai viens privātais konts.',
  'A company account is added through the application form.': 'Uzņēmuma kontu pievieno ar pieteikuma veidlapu.',
  'Choose agree or disagree.': 'Izvēlieties "piekrītu" vai "nepiekrītu".',
  'Access Denied.': 'Piekļuve liegta.',
  'Notification not found.': 'Paziņojums nav atrasts.',
  'Account not found.': 'Konts nav atrasts.',
  'User not found.': 'Lietotājs nav atrasts.',
  'A bot check is required for this request.': 'Šim pieprasījumam nepieciešama robotu pārbaude.',
  'The bot check failed. Please try again.': 'Robotu pārbaude neizdevās. Lūdzu, mēģiniet vēlreiz.',
  'This value is not a valid registration number.': 'Šis nav derīgs reģistrācijas numurs.',
  'This value is not a valid VAT number.': 'Šis nav derīgs PVN numurs.',
  'This field was not expected.': 'Šis lauks nav paredzēts.',
  'You can only add up to 10 items': 'Var pievienot ne vairāk kā 10 preces',
  'Add at least one item.': 'Pievienojiet vismaz vienu preci.',
  'The weight should be positive.': 'Svaram jābūt lielākam par nulli.',
  'The value should be at least 1 EUR.': 'Vērtībai jābūt vismaz 1 EUR.',
  'The insurance amount is higher than the total value of the content.':
    'Apdrošināšanas summa ir lielāka par satura kopējo vērtību.',
  'Content value too small for insurance': 'Satura vērtība ir pārāk maza apdrošināšanai',
  'Insurance is selected without a value.': 'Apdrošināšana izvēlēta bez summas.',
  'A state is required for the United States.': 'Amerikas Savienotajām Valstīm jānorāda štats.',
  'A Latvian post code has the form LV-1234.': 'Latvijas pasta indeksa formāts ir LV-1234.',
  'This value should be a two-letter country code.': 'Jānorāda divu burtu valsts kods.',
  'This value is not a valid IBAN.': 'Šis nav derīgs IBAN.',
  'Goods worth more than 1000 EUR need an export customs declaration.':
    'Precēm, kuru vērtība pārsniedz 1000 EUR, nepieciešama eksporta muitas deklarācija.',
  'A VOEC number is required for goods sent to Norway.': 'Precēm, ko sūta uz Norvēģiju, jānorāda VOEC numurs.',
  'The terms of use must be accepted.': 'Jāpiekrīt lietošanas noteikumiem.',
  'The privacy policy must be accepted.': 'Jāpiekrīt privātuma politikai.',
  'A past date cannot be used.': 'Pagātnes datumu izmantot nevar.',
  'The courier is not available on the chosen date.': 'Kurjers izvēlētajā datumā nav pieejams.',
  'The pick-up window should be at least 2 hours.': 'Savākšanas laika logam jābūt vismaz 2 stundas garam.',
  'This value is not a valid time.': 'Šis nav derīgs laiks.',
  'This value is not a valid date.': 'Šis nav derīgs datums.',
  'Finish selecting the shipment.': 'Pabeidziet sūtījuma izvēli.',
  // The hand-over codes (api/src/modules/handover/service.ts).
  'The order has no hand-over code: it is not paid.': 'Pasūtījumam nav nodošanas koda: tas nav apmaksāts.',
  'This is not a valid hand-over code.': 'Šis nav derīgs nodošanas kods.',
  'This hand-over code has expired: print the labels at home or ask at the counter.':
    'Nodošanas koda derīgums ir beidzies: izdrukājiet uzlīmes mājās vai jautājiet pasta nodaļā.',
  'This hand-over code has been used: the labels were printed already.':
    'Šis nodošanas kods jau ir izmantots: uzlīmes jau ir izdrukātas.',
  'The order of this hand-over code has nothing left to print.': 'Šī nodošanas koda pasūtījumā vairs nav ko drukāt.',
  'Order or order line not found or not in a printable status.':
    'Pasūtījums vai sūtījums nav atrasts vai nav drukājamā statusā.',
  'The order is paid or cancelled and cannot be changed.': 'Pasūtījums ir apmaksāts vai atcelts, un to nevar mainīt.',
  'The order was changed in the meantime. Reload it and try again.':
    'Pasūtījums pa to laiku ir mainīts. Pārlādējiet to un mēģiniet vēlreiz.',
  'No order found. Please reload': 'Pasūtījums nav atrasts. Lūdzu, pārlādējiet lapu',
  'Send the version of the order you read.': 'Nosūtiet nolasītā pasūtījuma versiju.',
  'The order is already paid.': 'Pasūtījums jau ir apmaksāts.',
  'The order was cancelled and cannot be paid.': 'Pasūtījums ir atcelts, un to nevar apmaksāt.',
  'This value is not a valid order key.': 'Šī nav derīga pasūtījuma atslēga.',
  'Workflow not found.': 'Produkts nav atrasts.',
  // Places a product may use (orders/location-rules.ts LOCATION_USE_MESSAGES).
  'This place was not found.': 'Šī vieta nav atrasta.',
  'This product does not use this kind of place.': 'Šis produkts neizmanto šāda veida vietu.',
  "This product does not use this operator's places.": 'Šis produkts neizmanto šī operatora vietas.',
  'This place is not in the country the product delivers to.': 'Šī vieta nav valstī, uz kuru produkts piegādā.',
  'Parcels can only be collected at this place, not handed over.': 'Šajā vietā sūtījumus var tikai izņemt, ne nodot.',
  'This place is closed.': 'Šī vieta ir slēgta.',
  'Each operator may be named once.': 'Katru operatoru var norādīt tikai vienreiz.',
  'The cash on delivery amount should not be higher than the insured amount.':
    'Pēcmaksas summa nedrīkst pārsniegt apdrošināto summu.',
  'Cash on delivery is only possible with insurance.': 'Pēcmaksa iespējama tikai ar apdrošināšanu.',
  'The insurance amount should be a whole number of euros, at least 1 EUR.':
    'Apdrošināšanas summai jābūt veselos eiro, vismaz 1 EUR.',
  'No price found.': 'Cena nav atrasta.',
  'This product has only an indicative price so far: it can be ordered once an administrator sets its official tariff.':
    'Šim produktam pagaidām ir tikai orientējoša cena: to varēs pasūtīt, kad administrators būs iestatījis oficiālo tarifu.',
  'The total weight of the added items is {diff} kg less than the shipment weight':
    'Pievienoto preču kopējais svars ir par {diff} kg mazāks nekā sūtījuma svars',
  'The total weight of the added items is {diff} kg more than the shipment weight':
    'Pievienoto preču kopējais svars ir par {diff} kg lielāks nekā sūtījuma svars',
  'The insurance amount is higher than the maximum of {max} EUR.':
    'Apdrošināšanas summa pārsniedz maksimālo summu {max} EUR.',
  'Too heavy for a letter: choose a parcel.': 'Pārāk smags vēstulei: izvēlieties paku.',
  'A letter must measure under 90 cm in length, width and thickness together.':
    'Vēstules garuma, platuma un biezuma summai jābūt mazākai par 90 cm.',
  'A letter is at most 2 cm thick.': 'Vēstule nedrīkst būt biezāka par 2 cm.',
  'A letter is at most 60 cm long.': 'Vēstule nedrīkst būt garāka par 60 cm.',
  'A letter is at least 9 × 14 cm.': 'Vēstulei jābūt vismaz 9 × 14 cm.',
  'Too large for a parcel locker: at most 38 × 38 × 58 cm.': 'Pārāk liels pakomātam: ne vairāk kā 38 × 38 × 58 cm.',
  'Too heavy for a parcel locker: at most 30 kg.': 'Pārāk smags pakomātam: ne vairāk kā 30 kg.',
  'This value should be a whole number of millimetres.': 'Šai vērtībai jābūt veselam milimetru skaitlim.',
  'This value should be positive.': 'Šai vērtībai jābūt lielākai par nulli.',
  'This value should be 3000 or less.': 'Šai vērtībai jābūt ne lielākai par 3000.',
  'HS code not found.': 'HS kods nav atrasts.',
  'Too many results: please narrow the search.': 'Pārāk daudz rezultātu: lūdzu, precizējiet meklēšanu.',
  'The search should contain letters or digits.': 'Meklējamajā tekstā jābūt burtiem vai cipariem.',
  'This value contains characters that are not allowed.': 'Šajā vērtībā ir neatļautas rakstzīmes.',
  'This value should be an HS code of 2 to 10 digits.': 'HS kodā jābūt no 2 līdz 10 cipariem.',
  'This value is too long. It should have 100 characters or less.':
    'Vērtība ir par garu. Tajā drīkst būt ne vairāk kā 100 rakstzīmes.',
  // Post offices and parcel lockers in the back office (service-locations/admin.ts).
  'This value should be one of: LV, LT, EE.': 'Jānorāda viena no valstīm: LV, LT, EE.',
  'This value should be parcelLocker or postOffice.': 'Jānorāda pakomāts vai pasta nodaļa.',
  'This value should be a post code of the country: LV-1234, LT-12345 or 12345 (Estonia).':
    'Jānorāda valsts pasta indekss: LV-1234, LT-12345 vai 12345 (Igaunija).',
  'This value should be a number.': 'Šai vērtībai jābūt skaitlim.',
  'This place should lie in Latvia, Lithuania or Estonia.': 'Vietai jāatrodas Latvijā, Lietuvā vai Igaunijā.',
  'This value should be active, retired or all.': 'Jānorāda active, retired vai all.',
  'This value is too long. It should have 120 characters or less.':
    'Vērtība ir par garu. Tajā drīkst būt ne vairāk kā 120 rakstzīmes.',
  'This value is too long. It should have 200 characters or less.':
    'Vērtība ir par garu. Tajā drīkst būt ne vairāk kā 200 rakstzīmes.',
  'This value is too long. It should have 300 characters or less.':
    'Vērtība ir par garu. Tajā drīkst būt ne vairāk kā 300 rakstzīmes.',
  'This value is too long. It should have 1000 characters or less.':
    'Vērtība ir par garu. Tajā drīkst būt ne vairāk kā 1000 rakstzīmes.',
  // Address book (issue 12)
  'An address ID (AIS code) has 9 digits.': 'Adreses kodā (AIS kods) ir 9 cipari.',
  'A contact with this name, address and phone is already in the address book.':
    'Kontakts ar šādu vārdu, adresi un tālruni adrešu grāmatā jau ir.',
  'Contact not found.': 'Kontakts nav atrasts.',
  'Contact group not found.': 'Kontaktu grupa nav atrasta.',
  'A group with this name already exists.': 'Grupa ar šādu nosaukumu jau ir.',
  'Choose at least one contact.': 'Izvēlieties vismaz vienu kontaktu.',
  'The country code has two letters.': 'Valsts kodā ir divi burti.',
  'The file is not an XLSX workbook.': 'Fails nav XLSX darbgrāmata.',
  'The file is larger than 30 MB.': 'Fails ir lielāks par 30 MB.',
  'The file has more than 10000 rows.': 'Failā ir vairāk nekā 10000 rindu.',
  'The sheet has no rows to import.': 'Lapā nav rindu, ko importēt.',
  'The first row must hold the column headings of the address book template.':
    'Pirmajā rindā jābūt adrešu grāmatas veidnes kolonnu virsrakstiem.',
  'Formulas are not accepted: enter the value itself.': 'Formulas netiek pieņemtas: ierakstiet pašu vērtību.',
  'This contact is already in the file above.': 'Šis kontakts failā jau ir augstāk.',
  // Shipments in bulk (issue 12 item 5)
  'The file has more than 1000 rows.': 'Failā ir vairāk nekā 1000 rindu.',
  'The sheet has no shipments.': 'Lapā nav sūtījumu.',
  'The first row must hold the column headings of the shipments template.':
    'Pirmajā rindā jābūt sūtījumu veidnes kolonnu virsrakstiem.',
  'This value should be a whole number.': 'Vērtībai jābūt veselam skaitlim.',
  'This value should be an amount in euros, e.g. 12.50.': 'Vērtībai jābūt summai eiro, piemēram, 12.50.',
  // Company applications, blocked and deleted users (issue 13 item 3, issue 14 item 2).
  'Your user is blocked. Contact customer support.': 'Jūsu lietotājs ir bloķēts. Sazinieties ar klientu atbalstu.',
  'This profile has been deleted.': 'Šis profils ir dzēsts.',
  'This application has already been reviewed.': 'Šis pieteikums jau ir izskatīts.',
  'Company application not found.': 'Uzņēmuma pieteikums nav atrasts.',
  'This value should be true or false.': 'Šai vērtībai jābūt “jā” vai “nē”.',
  // My data and settings (issue 13): phone change, saved goods codes, company users, settings.
  'Verification code missing.': 'Nav ievadīts verifikācijas kods.',
  'Verification code invalid.': 'Verifikācijas kods nav derīgs.',
  'Verification code expired.': 'Verifikācijas koda derīguma termiņš ir beidzies.',
  'Verification code failed: too many wrong attempts. Ask for a new code.':
    'Verifikācija neizdevās: pārāk daudz nepareizu mēģinājumu. Pieprasiet jaunu kodu.',
  'Enter the new phone number.': 'Ievadiet jauno tālruņa numuru.',
  'This is already the phone number of the account.': 'Šis jau ir konta tālruņa numurs.',
  'Please wait until you can ask for a new code.': 'Lūdzu, uzgaidiet, līdz varēsiet pieprasīt jaunu kodu.',
  'Too many codes were asked for this hour. Please try again later.':
    'Šajā stundā pieprasīts pārāk daudz kodu. Lūdzu, mēģiniet vēlāk.',
  'The verification code could not be sent. Please try again later.':
    'Verifikācijas kodu neizdevās nosūtīt. Lūdzu, mēģiniet vēlāk.',
  'The phone number is changed with a code sent to the new number.':
    'Tālruņa numuru maina ar kodu, kas nosūtīts uz jauno numuru.',
  'Phone verification not found.': 'Tālruņa verifikācija nav atrasta.',
  'This goods code is already saved.': 'Šis preču kods jau ir saglabāts.',
  'An HS code has 6 to 10 digits.': 'HS kodā ir no 6 līdz 10 cipariem.',
  'Describe the goods in your own words.': 'Aprakstiet preces saviem vārdiem.',
  'The description can have at most 120 characters.': 'Aprakstā var būt ne vairāk kā 120 rakstzīmes.',
  'An account can keep at most 100 goods codes.': 'Kontā var saglabāt ne vairāk kā 100 preču kodus.',
  'Saved goods code not found.': 'Saglabātais preču kods nav atrasts.',
  'Choose English or Latvian.': 'Izvēlieties angļu vai latviešu valodu.',
  'No registered user has this e-mail address. They must sign in to the portal once first.':
    'Nav reģistrēta lietotāja ar šo e-pasta adresi. Lietotājam vispirms vienreiz jāpieslēdzas portālam.',
  'This user already belongs to the account.': 'Šis lietotājs jau ir konta lietotājs.',
  'The account must keep at least one main administrator.': 'Kontam jāpaliek vismaz vienam galvenajam administratoram.',
  'Users are added to company accounts only.': 'Lietotājus var pievienot tikai uzņēmuma kontiem.',
  'User of the account not found.': 'Konta lietotājs nav atrasts.',
  // API keys (@portal/shared-contracts/account API_KEY_MESSAGES).
  'Give the key a name.': 'Ievadiet atslēgas nosaukumu.',
  'The name may be at most 100 characters.': 'Nosaukumā var būt ne vairāk kā 100 rakstzīmes.',
  'Choose at least one permission.': 'Izvēlieties vismaz vienu atļauju.',
  'API keys are for company accounts only.': 'API atslēgas ir paredzētas tikai uzņēmumu kontiem.',
  'An account may have at most 50 API keys.': 'Kontam var būt ne vairāk kā 50 API atslēgu.',
  'API key not found.': 'API atslēga nav atrasta.',
  'The API key is not valid.': 'API atslēga nav derīga.',
  'The API key has been revoked.': 'API atslēga ir atsaukta.',
  'This call cannot be made with an API key.': 'Šo pieprasījumu nevar veikt ar API atslēgu.',
  'The API key does not have the permission this call needs.':
    'API atslēgai nav šim pieprasījumam vajadzīgās atļaujas.',
  'Only a company account’s orders can be paid on invoice.': 'Ar rēķinu var apmaksāt tikai uzņēmuma konta pasūtījumus.',
  // Idempotency keys (api/src/modules/idempotency IDEMPOTENCY_MESSAGES).
  'The Idempotency-Key header must be 1 to 255 visible ASCII characters.':
    'Galvenei Idempotency-Key jābūt no 1 līdz 255 redzamām ASCII rakstzīmēm.',
  'This Idempotency-Key was already used with another request: send a new key for a new request.':
    'Šī Idempotency-Key jau izmantota citam pieprasījumam: jaunam pieprasījumam sūtiet jaunu atslēgu.',
  'A request with this Idempotency-Key is still being processed: try again in a moment.':
    'Pieprasījums ar šo Idempotency-Key vēl tiek apstrādāts: mēģiniet vēlreiz pēc brīža.',
  // API versions (api/src/http/api-version.ts API_VERSION_MESSAGES).
  'Unknown API-Version: ask for one of 2026-12-06 (or none, for the current one).':
    'Nezināma API-Version: norādiet kādu no 2026-12-06 (vai nevienu, lai izmantotu pašreizējo).',
  // Test mode (api/src/modules/tracking TEST_HELPER_MESSAGES).
  'Test helpers take a test API key (lvp_test_…).': 'Testa palīgrīki pieņem tikai testa API atslēgu (lvp_test_…).',
  'The order is not paid yet: pay it first.': 'Pasūtījums vēl nav apmaksāts: vispirms apmaksājiet to.',
  // Discounts (shared-contracts/src/admin/discounts.ts DISCOUNT_MESSAGES).
  'The code may contain only Latin letters A–Z, digits 0–9, "-" and "_".':
    'Kodā drīkst būt tikai latīņu burti A–Z, cipari 0–9, "-" un "_".',
  'Enter a code.': 'Ievadiet kodu.',
  'The code may have at most 50 characters.': 'Kodā var būt ne vairāk kā 50 rakstzīmes.',
  'A percentage must be from 0.01 to 100.': 'Procentiem jābūt no 0,01 līdz 100.',
  'A special price must be from 0.00 to 1000.00 EUR.': 'Īpašajai cenai jābūt no 0,00 līdz 1000,00 EUR.',
  'Enter N, a whole number of 1 or more.': 'Ievadiet N – veselu skaitli, kas ir 1 vai lielāks.',
  'A loyalty discount is for registered users only.':
    'Lojalitātes atlaide ir paredzēta tikai reģistrētiem lietotājiem.',
  'The maximum count must be a whole number of 1 or more.':
    'Maksimālajam skaitam jābūt veselam skaitlim, kas ir 1 vai lielāks.',
  'The count left cannot be above the maximum count.': 'Atlikušais skaits nevar pārsniegt maksimālo skaitu.',
  'Set a maximum count to set the count left.': 'Lai norādītu atlikušo skaitu, norādiet maksimālo skaitu.',
  'The count left must be a whole number of 0 or more.':
    'Atlikušajam skaitam jābūt veselam skaitlim, kas ir 0 vai lielāks.',
  'Enter a valid date.': 'Ievadiet derīgu datumu.',
  'The end date cannot be before the start date.': 'Beigu datums nevar būt pirms sākuma datuma.',
  'The period cannot lie in the past.': 'Periods nevar būt pagātnē.',
  'The start date cannot be in the past.': 'Sākuma datums nevar būt pagātnē.',
  'This code is already active in an overlapping period.': 'Šis kods jau ir aktīvs periodā, kas pārklājas.',
  'Another loyalty discount is active in an overlapping period.':
    'Periodā, kas pārklājas, jau ir aktīva cita lojalitātes atlaide.',
  'This value is not a valid choice.': 'Šī vērtība nav derīga izvēle.',
  // The post's announcements (shared-contracts/src/account/announcements.ts).
  'Choose at least one recipient group: private, company or both.':
    'Izvēlieties vismaz vienu saņēmēju grupu: privātpersonas, uzņēmumi vai abas.',
  'A recipient group is private or company.': 'Saņēmēju grupa ir privātpersonas vai uzņēmumi.',
  'Choose at least one way to send it: e-mail, SMS or the portal.':
    'Izvēlieties vismaz vienu sūtīšanas veidu: e-pasts, SMS vai portāls.',
  'A way to send is email, sms or portal.': 'Sūtīšanas veids ir e-pasts, SMS vai portāls.',
  'This value can have at most 120 characters.': 'Šajā vērtībā var būt ne vairāk kā 120 rakstzīmes.',
  'This value can have at most 300 characters.': 'Šajā vērtībā var būt ne vairāk kā 300 rakstzīmes.',
  'This text can have at most 5000 characters.': 'Šajā tekstā var būt ne vairāk kā 5000 rakstzīmes.',
  'Write the banner in both languages before switching it on.': 'Pirms banera ieslēgšanas uzrakstiet to abās valodās.',
  'This notification has already been sent; a sent notification cannot be changed or sent again.':
    'Šis paziņojums jau ir nosūtīts; nosūtītu paziņojumu nevar mainīt vai nosūtīt vēlreiz.',
  // Products and tariffs in the back office (admin/workflows.ts).
  'This value is too long.': 'Šī vērtība ir pārāk gara.',
  'A weight cannot be negative.': 'Svars nevar būt negatīvs.',
  'A weight must be more than 0 g.': 'Svaram jābūt lielākam par 0 g.',
  'A weight is a whole number of grams.': 'Svaru norāda veselos gramos.',
  'A weight can be at most 100000 g.': 'Svars var būt ne vairāk kā 100000 g.',
  'A price cannot be negative.': 'Cena nevar būt negatīva.',
  'A price is a whole number of cents.': 'Cenu norāda veselos centos.',
  'A price is at most 1,000,000.00 EUR.': 'Cena var būt ne vairāk kā 1 000 000,00 EUR.',
  'Delivery days are a whole number from 0 to 60.': 'Piegādes dienas ir vesels skaitlis no 0 līdz 60.',
  'Weight steps must be in ascending order of weight without repeats.':
    'Svara pakāpēm jābūt augošā secībā bez atkārtojumiem.',
  'This weight step is above the product’s maximum weight.': 'Šī svara pakāpe pārsniedz produkta maksimālo svaru.',
  'This value should be a date as YYYY-MM-DD.': 'Šai vērtībai jābūt datumam formātā GGGG-MM-DD.',
  'The key may contain lower-case Latin letters, digits and dashes (at most 80).':
    'Atslēgā drīkst būt mazie latīņu burti, cipari un domuzīmes (ne vairāk kā 80).',
  'A service can be offered once.': 'Pakalpojumu var piedāvāt tikai vienreiz.',
  'Choose at least one change.': 'Izvēlieties vismaz vienu izmaiņu.',
  'Choose at least one product.': 'Izvēlieties vismaz vienu produktu.',
  'This key is already used.': 'Šī atslēga jau tiek izmantota.',
  'Unknown country.': 'Nezināma valsts.',
  // The eBay integration (EBAY_MESSAGES, issue 15).
  'This eBay link was not started here, or has expired. Start linking again.':
    'Šī eBay sasaiste netika sākta šeit vai ir novecojusi. Sāciet sasaisti no jauna.',
  'eBay did not accept the authorization. Start linking again.': 'eBay nepieņēma atļauju. Sāciet sasaisti no jauna.',
  'The eBay account was not linked: access was not granted on eBay.':
    'eBay konts netika sasaistīts: piekļuve eBay netika atļauta.',
  'This eBay account is not linked. Complete or delete the link.':
    'Šis eBay konts nav sasaistīts. Pabeidziet vai dzēsiet sasaisti.',
  'eBay no longer accepts this link. Link the account again.':
    'eBay vairs nepieņem šo sasaisti. Sasaistiet kontu vēlreiz.',
  'eBay did not answer. Please try again later.': 'eBay neatbildēja. Lūdzu, mēģiniet vēlāk.',
  'Linking eBay accounts is not offered at the moment.': 'eBay kontu sasaiste pašlaik netiek piedāvāta.',
  'eBay did not accept the tracking number yet. It will be sent again.':
    'eBay vēl nepieņēma sūtījuma numuru. Tas tiks nosūtīts vēlreiz.',
  'eBay gave no shipping address for this sale.': 'eBay nenorādīja šī pārdevuma piegādes adresi.',
  'This sale has more items than one shipment can list.':
    'Šajā pārdevumā ir vairāk preču, nekā var norādīt vienā sūtījumā.',
  'A shipment was already made from this sale.': 'No šī pārdevuma jau ir izveidots sūtījums.',
  'The shipment cannot be used for this sale.': 'Šo sūtījumu nevar izmantot šim pārdevumam.',
  'This value should be a list of sales.': 'Šai vērtībai jābūt pārdevumu sarakstam.',
  'A sale is named twice.': 'Pārdevums norādīts divreiz.',
  // Webhooks (api/src/modules/webhooks, WEBHOOK_MESSAGES).
  'This value is not a valid URL.': 'Šī vērtība nav derīgs URL.',
  'The address must start with https://.': 'Adresei jāsākas ar https://.',
  'The address must be reachable on the public internet (private, loopback and link-local addresses are refused).':
    'Adresei jābūt sasniedzamai publiskajā internetā (privātas, atgriezeniskās un saites lokālās adreses netiek pieņemtas).',
  'The host name of this address could not be found.': 'Šīs adreses resursdatora nosaukums netika atrasts.',
  'Choose at least one event.': 'Izvēlieties vismaz vienu notikumu.',
  'An account keeps at most 10 webhook endpoints.': 'Kontam var būt ne vairāk kā 10 tīmekļa āķu galapunkti.',
  'Webhooks are offered to company accounts, managed by their main administrators.':
    'Tīmekļa āķi pieejami uzņēmumu kontiem, un tos pārvalda to galvenie administratori.',
  'Webhook endpoint not found.': 'Tīmekļa āķa galapunkts nav atrasts.',
  'Webhook delivery not found.': 'Tīmekļa āķa piegāde nav atrasta.',
  'The receiver did not answer in time.': 'Saņēmējs laikā neatbildēja.',
  'The receiver could not be reached.': 'Saņēmēju neizdevās sasniegt.',
};

/** An API message in the interface language. */
export function serverMessage(message: string, locale: Locale): string {
  return (locale === 'lv' && SERVER_MESSAGES_LV[message]) || message;
}
